# The Labyrinth's table (ru): the lobby's and the start's words, the rules card, the reveal,
# what the master says of plans and of orders; moved here from the session's file, whose words
# are every game's.

lab-table-newgame-usage = Напишите: /newgame labyrinth classic (или quantum), затем опции в виде ключ=значение, например size=6x5 deadline=24h.

lab-table-waiting-plan = Ждём план лабиринта: { $name } пришлёт его мне лично.

lab-table-send-plan = Пришлите мне план лабиринта на { $players } игроков в формате плана (можно блоком кода). Я проверю его и перечислю все ошибки.

lab-table-exits-known = { $n ->
    [one] { $n } выход
    [few] { $n } выхода
   *[other] { $n } выходов
}

lab-table-exits-unknown = число выходов — на усмотрение мастера

lab-table-closed-exits = ; некоторые выходы могут быть закрыты стенкой, которую можно взорвать

lab-table-cure = заболевшему энцефалитом даётся { $n } ходов, чтобы добраться до медсанбата

lab-table-cure-unlimited = время на дорогу в медсанбат не ограничено

lab-table-plan-ready = Лабиринт готов: { $size }, { $exits }{ $closed }; { $cure }; Nstop — { $nstop } кругов. { $start ->
    [placed] На стартовые клетки вас расставит мастер.
   *[choose] Выберите стартовые клетки лично мне.
}

lab-table-choose-start = Игра #{ $id }: с какой клетки начинаете? Напишите её (например, B2) или нажмите кнопку. Никто больше не узнает.

lab-table-nothing-to-do = Сейчас в этой игре отвечать нечего.

lab-table-plan-accepted = План принят.

lab-table-bad-start = «{ $text }» — не клетка этого лабиринта; напишите, например, B2.

lab-table-start-noted = Записал: вы начинаете с клетки { $cell }.

lab-table-start-refused = Мастер не разрешает начать с этой клетки. Выберите другую.

lab-table-order-join = Порядок ходов — по порядку записи: { $names }.

lab-table-order-lot = Порядок ходов по жребию: { $names }.

lab-table-orders-help = Пишите ход в группе: «иду вверх», «иду влево, затем стреляю вниз», «взрываю стенку справа», «бросаю клад вниз», «если стенка, стреляю вверх», «/move up»; «результат не сообщать» — тёмный ход.

lab-table-orders-in-group = Ходы пишутся в общем чате. Здесь: /status или новая клетка после ранения.

lab-table-stranger = { $name }, вы не участвуете в этой игре.

lab-table-paused = Игра приостановлена; продолжить её может администратор командой /resume.

lab-table-reorder-privately = Новую клетку называйте лично мне, а не здесь: это тайна.

lab-table-choose-in-order = Сейчас выбирать клад не из чего. Выбор можно назвать и вместе с ходом: «иду вправо, беру новый».

lab-table-no-last-move = Ходов ещё не было.

lab-table-reveal =
    Весь лабиринт:
    { $plan }

lab-table-not-started = Игра ещё не началась: ходы — когда все выберут стартовые клетки.

lab-table-rules = Время на ход: { $deadline }; кто пропустит { $missed ->
        [one] { $missed } ход
        [few] { $missed } хода
       *[other] { $missed } ходов
    } подряд, выбывает, а его труп и имущество остаются в лабиринте.

lab-table-rules-start = Стартовые клетки каждый выбирает лично. Мастер без объяснения причин отказывает игрокам, выбравшим одну и ту же клетку; они выбирают заново.

lab-table-status-button = Моё состояние

lab-table-rules-secret-start = Ведущий сам ставит каждого игрока на клетку, известную только ему; игроку сообщается лишь тип его клетки.

lab-table-rules-levels = Трёхмерный лабиринт из { $levels } уровней: «вверх» и «вниз» — подъём и спуск там, где есть лестница (уровень 1 — нижний, клетка над ним пишется B3@2); «вперёд», «назад», «влево» и «вправо» (или на север, юг, запад, восток) — ходы по уровню.

lab-table-rules-handicap = Фора (§7.2) для: { $names }. До выбора старта можно лично узнать тип { $peek } клеток (напишите, например, «? B3»); бесплатный перезаказ раз за игру: { $reorder ->
    [yes] да
   *[no] нет
}.

lab-table-peeked = { $coord } — { $cell ->
    [land] суша
    [hospital] медсанбат
    [arsenal] арсенал
    [pit] яма
    [river] река
    [mouth] устье
    [swamp] болото
    [outlet] выход ямы
   *[encephalitis] клетка энцефалита
}. Это знаете только вы.

lab-table-plan-kept = План проверен и сохранён: он будет использован при /begin, если подойдёт к числу игроков.

lab-table-start-chosen-for-you = Время вышло, а вы не выбрали: я выбрал вам стартовую клетку сам — { $cell }.

lab-table-aim-then = { $name } целится { $shot }: куда { $name } идёт после выстрела? (Ход — это одно перемещение, выстрел перед ним.)
