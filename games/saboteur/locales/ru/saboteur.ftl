# Слова мастера в игре «Саботёр» (ru), их выводит bot-core/src/saboteur/table/narrate.rs.
# $name, $target — имена игроков как есть; $cell — клетка «x,y» (начало — 0,0, цели лежат на 8,-2,
# 8,0 и 8,2); $card — название карты.

sab-title = Саботёр
sab-help =
    Саботёр: гномы роют туннель от лестницы к одной из трёх целей; в одной из них золото. Среди вас есть вредители.
    Роль и карты приходят в личку; в свой ход нажми там карту, потом — куда её положить.
    Или напиши (в личку, а карту, которую кладут в открытую, — и в группу):
    /play NES 1,0 — карта «путь» на клетку x,y (добавь «rotated», чтобы перевернуть её)
    /play break-lamp боря · /play fix-pick боря · /play fix-pick+lamp боря lamp
    /play rockfall 2,0 · /play map 8,-2 · /discard xNS (в личку: лицом вниз) · /pass · /take 3
    Словами: «кладу перекрёсток на 1,0», «ломаю фонарь Боре», «чиню кирку Боре», «карта верхняя цель», «сбрасываю 3».
    Клетки — x,y: начало на 0,0, x растёт к целям на 8,-2, 8,0 и 8,2, y растёт вниз.

## Карты
sab-tool-pick = кирка
sab-tool-lamp = фонарь
sab-tool-cart = вагонетка
sab-card-break = сломать: { $tool }
sab-card-fix = починить: { $tool }
sab-card-fix-either = починить: { $a } или { $b }
sab-card-rockfall = обвал
sab-card-map = карта
sab-role-digger = золотоискатель
sab-role-saboteur = вредитель
sab-gold = золото
sab-stone = камень

## Раунд
sab-round-start = Начинается раунд { $round } из 3. Первым ходит { $first }. Роль и карты — у каждого в личке.
sab-dealt-digger = Раунд { $round }: ты золотоискатель. Прокладывай туннель от лестницы к золоту.
sab-dealt-saboteur = Раунд { $round }: ты вредитель. Не дай золотоискателям дойти до золота и не выдай себя.
sab-hand = Твои карты: { $cards }
sab-hand-empty = Карт у тебя больше нет.
sab-your-move = Твой ход. Нажми карту или напиши ход (например, { $example }).
sab-choose-target = { $card }: куда? Нажми одно из отмеченных мест.
sab-choose-player = { $card }: перед кем?
sab-discard-button = Сбросить её
sab-back-button = « Назад
sab-next = { $name }, твой ход.
sab-next-share = { $name } выбирает карту с золотом.

## Ходы, как их видит группа
sab-placed = { $name } кладёт { $card } на { $cell }.
sab-broke = { $name } ломает игроку { $target }: { $tool }.
sab-fixed = { $name } чинит игроку { $target }: { $tool }.
sab-rockfall = { $name } устраивает обвал на { $cell }: карты { $card } больше нет.
sab-mapped = { $name } смотрит по карте цель на { $cell }.
sab-mapped-you = Цель на { $cell } — { $what }.
sab-discarded = { $name } сбрасывает карту лицом вниз.
sab-discarded-you = Ты сбросил { $card }.
sab-drew = Ты берёшь { $card }.
sab-passed = У игрока { $name } нет карт, он пропускает ход.
sab-goal-gold = Туннель дошёл до цели на { $cell }: это золото!
sab-goal-stone = Туннель дошёл до цели на { $cell }: там только камень.
sab-round-diggers = Золотоискатели дошли до золота: раунд { $round } за ними.
sab-round-saboteurs = До золота не дошли: раунд { $round } за вредителями.
sab-round-nobody = До золота не дошли, но вредителей в раунде { $round } не было, и самородки никому не достаются.
sab-roles = Роли: { $roles }.
sab-offered = Золото к дележу: { $cards }. Возьми одну карту (кнопкой или /take N), остальные уйдут следующему золотоискателю.
sab-took = { $name } берёт карту с золотом.
sab-took-you = Ты берёшь карту с золотом: { $value }.
sab-paid = { $name } получает золота: { $amount }.
sab-nobody-scores = В этом раунде золото не получает никто.
sab-over = Игра окончена после трёх раундов. Золото: { $gold }.
sab-winner = { $n ->
    [one] Побеждает { $names }!
   *[other] Первое место делят { $names }!
}
sab-timeout = { $name } не успел с ходом: одна из его карт сброшена лицом вниз.
sab-timeout-share = { $name } не успел выбрать: ему досталась самая ценная карта.
sab-removed = { $name } выходит из игры; его карты сброшены.

## Положение
sab-status = Раунд { $round }/3 · в колоде { $deck } · карт с золотом осталось { $nuggets }
sab-status-broken = Сломано: { $list }
sab-status-gold = Золото: { $list }
sab-status-you = Ты — { $role }. { $hand } Сломано перед тобой: { $broken }.
sab-none = ничего

## Отказы
sab-bad-order = Не понимаю этот ход. Попробуй, например, { $example } или нажми карту в личке.
sab-not-your-turn = Сейчас ходит { $name }, не ты.
sab-discard-privately = Сбрасывай в личке, чтобы никто не видел карту: напиши мне /discard.
sab-take-privately = Золото выбирают в личке: напиши мне /take.
sab-refused = { $why }
sab-options = «Саботёр» понимает order=join (ходы в порядке вступления) или order=lot, и seed=N
sab-my-cards = 🃏 Мои карты
sab-cannot-play = Карту { $card } сейчас сыграть нельзя; её можно сбросить.

## Отказы движка
sab-refusal-player-count = В «Саботёра» играют от 3 до 10 человек.
sab-refusal-game-over = Игра окончена.
sab-refusal-not-a-player = Ты не играешь в этой игре.
sab-refusal-not-your-turn = Сейчас не твой ход: подожди своего.
sab-refusal-not-in-hand = У тебя нет такой карты: сыграй карту из своей руки.
sab-refusal-tool-broken = Перед тобой сломанный инструмент: класть карты «путь» нельзя, пока его не починят. Сыграй карту действия или сбрось карту.
sab-refusal-occupied = Там уже лежит карта: выбери пустую клетку рядом с туннелем.
sab-refusal-does-not-fit = Стороны карты не совпадают с соседями: переверни её или выбери другую клетку.
sab-refusal-not-connected = Карта должна продолжать туннель, идущий от карты «начало».
sab-refusal-no-such-player = В этой игре нет такого игрока.
sab-refusal-already-broken = У этого игрока этот инструмент уже сломан: сломай другой или сыграй что-нибудь ещё.
sab-refusal-nothing-to-fix = У этого игрока такой инструмент не сломан: карта починки чинит только сломанный инструмент своего вида.
sab-refusal-wrong-tool = Эта карта не чинит этот инструмент: назови один из двух, что на ней нарисованы.
sab-refusal-nothing-there = Там нет карты: назови клетку, где лежит карта «путь».
sab-refusal-cannot-remove = Карты «начало» и «конец» убрать нельзя: назови карту «путь».
sab-refusal-not-a-goal = Карта показывает цель: назови 8,-2, 8,0 или 8,2.
sab-refusal-already-revealed = Эта цель уже открыта: посмотри на ту, что ещё лежит лицом вниз.
sab-refusal-must-play = У тебя ещё есть карты: сыграй или сбрось одну.
sab-refusal-sharing = Идёт дележ золота: возьми одну из предложенных тебе карт.
sab-refusal-not-sharing = Сейчас золото не делят.
sab-refusal-not-offered = Карты с таким золотом тебе не предлагали: возьми одну из предложенных.
