# Слова ведущего в «Улье» (ru), их выводит bot-core/src/hive/table/narrate.rs.

hive-title = Улей
hive-help =
    «Улей» (Hive): двое игроков, всё открыто. Окружите королеву соперника со всех шести сторон — и вы победили.
    За ход либо выложите фишку из запаса (после первых двух — касаясь только своих), либо, когда ваша королева в игре, передвиньте свою. Королева должна выйти не позже четвёртого хода.
    Нажмите фишку под «ваш ход», затем одну из пронумерованных клеток на картинке. Или напишите ход в нотации UHP, в группе или через /move:
    /move wA1 -bG1 — муравей 1 слева (западнее) от чёрного кузнечика 1; метки: X- справа, -X слева, X/ справа сверху, /X слева снизу, X\ справа снизу, \X слева сверху, просто X — сверху на фишку (жук).
    Словами: «муравей слева от белой королевы», «жук на чёрную королеву», «паук 2 справа снизу от wG1».
    /pass (только если ходить некуда), /undo (с согласия соперника), /draw (предложить или принять ничью), /resign.
    Настройки /newgame hive: opening=tournament (королеву нельзя выложить первой), pieces=mlp (дополнения: m комар, l божья коровка, p мокрица, в любом наборе), clock=1h (время каждой стороны), vs=bot level=1..5, color=white|black, deadline=24h, missed=N.
hive-options = «Улей» понимает opening=tournament|book, pieces=mlp (любые из m, l, p), clock=1h, vs=bot, level=1..5 и color=white|black|random
hive-bad-level = уровень бота — от 1 до 5
hive-bad-pieces = дополнительные фишки — m (комар), l (божья коровка) и p (мокрица): напишите pieces=mlp, pieces=lp, pieces=base…

## Слова
hive-bug-queen = королева
hive-bug-beetle = жук
hive-bug-grasshopper = кузнечик
hive-bug-spider = паук
hive-bug-ant = муравей
hive-bug-mosquito = комар
hive-bug-ladybug = божья коровка
hive-bug-pillbug = мокрица
hive-white = белые
hive-black = чёрные
hive-bot-name = бот (уровень { $level })
hive-yes = ✅ Да
hive-no = ❌ Нет
hive-pass-button = Пропустить ход
hive-back-button = ↩ Назад

## Игра
hive-start = «Улей» начинается. ⚪ Белые: { $white }. ⚫ Чёрные: { $black }. Первыми ходят белые.
hive-tournament-note = Турнирное начало: королеву нельзя выложить первой фишкой.
hive-pieces-note = С дополнительными фишками: { $pieces }.
hive-pieces-base = Базовая игра, без дополнительных фишек.
hive-clock-note = Часы: { $each } на всю партию каждой стороне.
hive-moved = { $name } ({ $color }): { $move }
hive-passed = { $name }: ходить некуда, ход пропущен.
hive-your-move = { $name } ({ $color }), ваш ход.
hive-how-to-move = Нажмите фишку ниже или напишите ход, например /move { $example }
hive-queen-due = Это ваш четвёртый ход: королеву нужно выложить сейчас.
hive-only-pass = Ходить некуда: нажмите «Пропустить ход» (или /move pass).
hive-choose-piece = Какую фишку?
hive-choose-place = { $piece }: куда? Клетки пронумерованы на картинке.
hive-piece-cannot-move = Эта фишка сейчас не может ходить.
hive-not-your-turn = Сейчас ходит { $name }.
hive-bad-move = Не понимаю ход: { $why }. Ходы пишутся так: /move { $example } (нотация — в /help).
hive-refused = { $move } туда нельзя: { $why }
hive-missed = { $name } пропускает срок ({ $n } из { $limit }): ход всё ещё за ним, срок начат заново.
hive-why-ambiguous = у вас несколько фишек «{ $bug }» — добавьте номер, например «{ $bug } 2»
hive-why-no-piece = не названа фишка
hive-why-no-place = скажите куда: слева от, справа от, слева сверху от, справа сверху от, слева снизу от, справа снизу от или на фишку

hive-notation-bad-move = это не ход: напишите фишку и куда она идёт, например wA1 -bQ или bB1 wQ, либо pass
hive-notation-unknown-piece = фишки называются так: wQ, bA1, wB2, bG3, wS1, wM (w белые, b чёрные; Q королева, B жук, G кузнечик, S паук, A муравей; дополнения M комар, L божья коровка, P мокрица)
hive-notation-not-in-game = { $piece } нет в этой игре: её дополнение не выбрано в /newgame (pieces=mlp)
hive-notation-not-on-table = { $piece } нет на столе: укажите место рядом с фишкой, которая уже в игре
hive-notation-no-reference = скажите, куда идёт { $piece }: рядом с фишкой на столе, например { $piece } -wQ (слева от wQ)
hive-notation-occupied = это место занято фишкой { $top }: знак вроде -wQ означает свободную клетку рядом с фишкой; чтобы забраться на { $top } (жуком или фишкой поверх улья), напишите { $piece } { $top }

## Предложения
hive-undo-asked = { $name } просит вернуть свой последний ход. { $other }, согласны? (или /undo)
hive-draw-offered = { $name } предлагает ничью. { $other }, согласны? (или /draw)
hive-offer-declined = { $name } отказывается.
hive-no-offer = Отвечать уже не на что.
hive-not-yours-to-answer = Отвечает другой игрок.
hive-nothing-to-undo = Вам нечего возвращать.
hive-bot-no-draw = Бот играет до конца: ничьих по согласию с ботом нет.
hive-undone = Возвращено ходов: { $n }. Снова ходит { $name }.

## Конец
hive-queen-surrounded = Окружена королева ({ $queen }): побеждает { $winner } ({ $color })!
hive-both-surrounded = Обе королевы окружены одновременно: ничья.
hive-resigned = { $name } сдаётся: побеждает { $winner }.
hive-lost-on-time = У { $name } кончилось время: { $winner } побеждает по времени.
hive-draw-agreed = Ничья по согласию.

## Состояние и правила
hive-turn-no = ход { $n }
hive-you-play = Вы играете за { $color } против: { $other }.
hive-not-begun = Игра ещё не началась.
hive-rules = «Улей», базовая игра: у каждого королева, 2 жука, 3 кузнечика, 2 паука, 3 муравья.
hive-opening-book = Начало по правилам: первой можно выложить любую фишку.
hive-opening-tournament = Турнирное начало: королеву нельзя выложить первой фишкой.
hive-vs-bot = Против бота, уровень { $level }.

## Отказы: какое правило нарушает ход (bot-core/src/hive/refusal.rs, по id)
hive-refusal-game-over = игра окончена: королева окружена
hive-refusal-not-your-piece = это фишка соперника: ходите или выкладывайте свою
hive-refusal-pass-not-allowed = пропускать ход нельзя, пока есть ход: пропуск — только когда нельзя ни выложить, ни передвинуть фишку
hive-refusal-not-in-hand = эта фишка уже на столе: передвиньте её или выложите другую из запаса
hive-refusal-not-in-play = эта фишка ещё в запасе: выложите её рядом со своими
hive-refusal-wrong-source = этой фишки нет на клетке, откуда начинается ход
hive-refusal-tournament-queen = турнирные правила: королеву нельзя выложить первой, выложите другую фишку
hive-refusal-must-place-queen = это ваш четвёртый ход, а королева ещё в запасе: выложите её сейчас
hive-refusal-queen-not-placed = передвигать фишки можно только после того, как королева выложена: сначала выложите её
hive-refusal-out-of-order = фишки одного вида выходят по номерам: сначала выложите фишку с меньшим номером
hive-refusal-first-at-origin = первая фишка кладётся в центр стола
hive-refusal-occupied = клетка занята: на другие фишки забирается только жук
hive-refusal-not-touching-hive = фишка должна остаться рядом с ульем: все фишки образуют один улей
hive-refusal-touches-opponent = новая фишка не может касаться фишек соперника: выложите её туда, где рядом только ваши
hive-refusal-covered = на этой фишке сидит жук: накрытая фишка не ходит
hive-refusal-breaks-hive = если убрать эту фишку, улей распадётся на части: она должна остаться на месте
hive-refusal-same-cell = фишка уже там: ход должен её куда-то перенести
hive-refusal-queen-one-step = королева ходит только на одну клетку
hive-refusal-beetle-one-step = жук ходит только на одну клетку, в том числе на улей и с него
hive-refusal-gate = фишка не пролезет: щель между двумя фишками слишком узкая
hive-refusal-gate-above = жук не пройдёт между двумя стопками, которые выше и его клетки, и клетки, куда он идёт
hive-refusal-loses-contact = фишка должна всё время касаться улья, скользя вдоль него, а не напрямик по пустому столу
hive-refusal-grasshopper-straight = кузнечик прыгает только по прямой
hive-refusal-grasshopper-must-jump = кузнечик должен перепрыгнуть хотя бы через одну фишку
hive-refusal-grasshopper-gap = кузнечик приземляется на первую свободную клетку: через пустоту он не прыгает
hive-refusal-spider-three-steps = паук ходит ровно на три клетки вокруг улья и не возвращается на пройденные
hive-refusal-just-moved = эту фишку передвинули прошлым ходом: сейчас она не ходит, и мокрица её не переносит
hive-refusal-ladybug-path = божья коровка ходит ровно на три клетки: две по верху улья и одна вниз, на пустую клетку
hive-refusal-pillbug-one-step = мокрица ходит только на одну клетку
hive-refusal-mosquito-alone = комар ходит как существа, которых касается; рядом только комары — он не ходит
hive-refusal-pillbug-carry = мокрица переносит соседнюю фишку через себя на пустую соседнюю клетку: не из стопки, не ту, без которой улей распадётся, и не через узкий проход
hive-refusal-cannot-reach = эта фишка туда не доберётся
