# Движок сессий: набор игроков, подготовка, команды, сроки ходов (bot-core/src/session).

session-help-common =
    В группе:
    /join, /leave — сесть за стол или уйти; /begin — начать (тот, кто открыл игру)
    /rules — правила этой игры; /status — как идёт игра; /games — ваши игры
    Игра на много дней: /extend — больше времени на ваш ход; /vacation 3d — отъезд (ваши сроки растянутся); лично /lang ru|en — язык, на котором я вам пишу.
    Турниры: /tournament new ИГРА [опции] — много партий, таблица и рейтинги; /tournament join, /standings, /rating, /leaderboard ИГРА.
    Администраторам: /pause, /resume, /kick ИМЯ, /skip, /abort, /cancel, /export, /import. /kick, /abort и /cancel сначала переспрашивают; «/abort да» — сразу.
session-help = Я — мастер игр для групп. Игры: { $games }. Откройте игру командой /newgame ИГРА, например /newgame labyrinth classic; в чате игры /help расскажет её правила.
session-too-long = Сообщение слишком длинное; ход — это строка-другая.
session-garbled = Сообщение пришло искажённым (часть символов не читается); пришлите его ещё раз.
session-no-such-game = Вы не играете в идущей игре #{ $id }.
session-not-playing = Вы не участвуете ни в одной идущей игре. Откройте игру в группе: /newgame labyrinth classic.
session-no-game = В этом чате нет игры; откройте её: /newgame labyrinth classic.
session-unknown-command = Команды /{ $cmd } я не знаю. Список — /help.
session-not-admin = Это может только открывший игру или администратор чата.
session-game-line = #{ $id } в { $chat }: { $code }, { $status }
session-no-such-player = Игрока { $name } здесь нет.
session-in-group = Это делается в общем чате группы.
session-which-game = Вы играете в нескольких играх ({ $games }): начните сообщение с номера игры, например «#12 B2», или нажмите кнопку.
session-chat-busy = В этом чате уже идёт игра: доиграйте её или прервите командой /abort.
session-lobby = { $name } открывает игру «{ $game }» ({ $code }). /join — чтобы играть; когда все соберутся, { $name } скажет /begin.
session-lobby-master = { $name } открывает игру «{ $game }» ({ $code }) и будет в ней мастером. /join — чтобы играть; когда все соберутся, { $name } скажет /begin.
session-join-button = Играю
session-bad-option = Опция «{ $option }» непонятна: { $why }. Игра не создана.
session-bad-duration = укажите время, например 45m, 24h или 2d
session-bad-number = укажите целое число
session-join-closed = Игра уже началась, мест нет.
session-already-joined = { $name }, вы уже за столом.
session-master-cannot-play = { $name }, вы мастер этой игры и не играете.
session-table-full = За столом больше нет мест.
session-joined = { $name } в игре (за столом: { $n }).
session-not-in-game = Вы не участвуете в этой игре.
session-member-gone = { $name } покинул чат. Если он не вернётся и не напишет здесь, то выйдет из игры, когда истечёт срок его хода.
session-left = { $name } выходит из игры.
session-begun-already = Игра уже началась.
session-too-few = Чтобы начать, нужно не меньше { $n } игроков.
session-reminder = { $name }, ваш ход: осталось { $left }, потом ход будет пропущен.
session-deadline-missed = { $name } не сделал ход вовремя: ход пропущен.
session-not-playing-now = Сейчас это невозможно.
session-aborted = Игра окончена без результата.
session-paused-now = Игра приостановлена: до /resume сроки ходов не идут.
session-resumed = Игра продолжается; время на ход отсчитывается заново.
session-status = { $code }, { $status }; игроки: { $players }; круг { $round }; ходит: { $turn }.

## Чат-боты: ссылки, кнопки, всплывающие ответы
session-hello = Здравствуйте! Я ведущий «Лабиринта». Всё, что положено знать только вам (стартовая клетка, ранение, ваше состояние), я буду писать сюда. Игры открывают в группе командой /newgame; подробнее — /help.
session-link-no-game = В эту игру уже нельзя записаться. Попросите в группе открыть новую (/newgame).
session-dm-blocked = { $name }, я не могу написать вам лично, а игре это нужно. Откройте чат со мной (кнопка ниже, затем «Запустить»); всё, что для вас есть, дождётся, ничего не пропадёт.
session-open-chat-button = Открыть чат с ведущим
session-press-stale = Эта кнопка от прошлого хода или прошлой игры и теперь ничего не делает.
session-press-stranger = Вы не играете в этой игре.
session-press-not-your-turn = Сейчас не ваш ход: ходит { $name }.

## Меню команд платформ (по строке)
command-newgame = Открыть игру: /newgame labyrinth classic|quantum|wiki, /newgame saboteur, /newgame hive [опции]
command-join = Записаться в открытую игру
command-leave = Выйти из игры
command-begin = Начать игру (открывший)
command-move = Сделать ход: /move вверх (Лабиринт), /move wA1 -bG1 (Улей)
command-undo = Попросить вернуть свой последний ход (Улей)
command-draw = Предложить или принять ничью (Улей)
command-resign = Сдаться (Улей)
command-status = Как идёт игра (лично: ваше состояние)
command-rules = Правила и опции этой игры
command-help = Как играть с ведущим
command-games = Ваши текущие игры
command-tournament = Турниры: /tournament new ИГРА …, join, start, pause, resume, cancel, kick ИМЯ, export
command-standings = Турнирная таблица
command-rating = Ваш рейтинг здесь (или игрока)
command-leaderboard = Лучшие по рейтингу в игре здесь
command-pause = Приостановить сроки (админы)
command-resume = Возобновить сроки (админы)
command-skip = Пропустить текущий ход (админы)
command-kick = Исключить игрока, оставив труп (админы)
command-abort = Закончить игру без результата (админы)
command-cancel = Отменить игру (админы)
command-export = Игра в JSON, лично (админы)
session-too-few-left = Игроков осталось слишком мало: игра отменена. Откройте новую командой /newgame.
session-confirm = { $command } — этого не отменить. Точно? (Или напишите «{ $command } да».)
session-confirm-yes = Да, выполнить
session-confirm-no = Нет
session-kept = Ничего не изменилось, игра продолжается.
session-status-left = На ход осталось: { $left }.
session-status-out = { $name } (вне игры)

session-stage = { $status ->
        [lobby] идёт набор
        [setup] подготовка
        [playing] идёт игра
        [paused] на паузе
        [finished] окончена
       *[aborted] отменена
    }
session-export-player = Вы играете в этой игре, а её выгрузка показывает весь лабиринт: она для конца игры (или для администратора, который не играет).
session-export-sent = Игра #{ $id } файлом. В нём весь лабиринт: никому его не показывайте. Чтобы продолжить её в другом месте, администратор пишет там в группе /import и присылает мне этот файл лично.
session-export-done = { $name }, я прислал вам игру лично.
session-import-admins = Перенести игру в эту группу может только администратор чата.
session-import-busy = В этой группе идёт игра: закончите или прервите её, прежде чем переносить другую.
session-import-send = { $name }, пришлите мне лично файл выгруженной игры в течение 10 минут: она продолжится в этой группе.
session-import-how = Чтобы перенести игру, выгруженную в другом месте: напишите /import в группе, где она должна продолжиться, и пришлите мне сюда её файл.
session-import-refused = Этот файл нельзя загрузить: { $why }. Ничего не изменилось.
session-imported = Игра #{ $id } загружена и продолжается в группе.
session-imported-group = Игра #{ $id } перенесена сюда из другого места и продолжается ({ $status }). Время на ход отсчитывается заново.
command-import = Перенести игру, выгруженную в другом месте (администраторы чата)

session-days = { $n } д
session-hours = { $n } ч
session-minutes = { $n } мин
session-seconds = { $n } с
session-turn-time = ⏳ На ход: { $left }.
session-newgame-choose = Какая игра? Нажмите кнопку или напишите /newgame ИГРА (игры: { $games }).
session-newgame-unknown = Игры «{ $game }» здесь нет. Нажмите кнопку или напишите /newgame ИГРА (игры: { $games }).
session-newgame-rulesets = Какие правила для игры «{ $game }»? Нажмите кнопку или напишите /newgame { $word } ПРАВИЛА (правила: { $rulesets }), затем опции в виде ключ=значение.
session-reminder-private = Ждём вашего выбора: осталось { $left }.
session-lang-usage = Напишите /lang ru или /lang en: лично я буду писать вам на этом языке во всех ваших играх.
session-lang-set = Теперь лично я пишу вам по-русски, во всех ваших играх.
session-vacation-usage = Напишите /vacation 3d (не больше { $cap }), чтобы уехать: сроки ваших ходов во всех играх растянутся на это время. /vacation off — вернуться.
session-vacation-set = Записал: вас не будет { $days }. Сроки ваших ходов во всех играх растянутся на это время.
session-vacation-off = С возвращением: у ваших ходов снова обычный срок.
session-extend-not-now = Сейчас нет хода, для которого можно взять время.
session-extend-not-yours = Взять время на ход может только тот, чей это ход.
session-extend-used = Вы уже брали время { $n } раз в этой игре — больше нельзя.
session-extended = { $name } берёт ещё { $more } на этот ход ({ $used } из { $times }): осталось { $left }.
session-status-away = В отъезде: { $names }.
session-status-extended = Брали время: { $names }.
session-bad-extend = укажите число раз и срок, например 2x12h
command-extend = Больше времени на ваш ход
command-vacation = Отъезд: ваши сроки растянутся
command-lang = Язык личных сообщений
session-undelivered = Одно из моих сообщений вам не удалось доставить ({ $why }); оно пропущено, игра идёт дальше. Если вам чего-то не хватает, спросите в чате игры.
session-move-no-game = В этом чате не идёт игра, ходить некуда. /newgame откроет игру; /help расскажет, как играть.
session-move-elsewhere = В этом чате не идёт игра. { $n ->
    [one] Ваша игра идёт в { $chats }: пишите ход там.
   *[other] Ваши игры идут в { $chats }: пишите ход в чате игры.
}
session-addressed-only =
    В группе, где бот не администратор, он слышит только команды, ответы на свои сообщения и сообщения, которые начинаются с @{ $bot } (у него включён режим приватности): простые слова до него не доходят. Отдавайте приказы командой /move и дальше приказ, ответом на его сообщение или начиная с @{ $bot }.
    Чтобы бот слышал простые слова, сделайте его администратором группы или выключите режим приватности у @BotFather (/setprivacy) и добавьте бота в группу заново.
