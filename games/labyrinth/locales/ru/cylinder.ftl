# cylinder messages (ru): игра на цилиндре (seed 004) — ошибки текста плана
# (bot-core/src/labyrinth/cylinder/plan/errors.rs) и замечания проверки
# (bot-core/src/labyrinth/cylinder/validate/text.rs). $cell и $other — имена клеток вроде C2.

cylinder-plan-at-line = строка { $line }: { $body }
cylinder-plan-at-cell = строка { $line }, { $cell }: { $body }

## Текст целиком

cylinder-plan-empty = План пуст. Пришлите чертёж, начиная со строки вроде cylinder 8x8.
cylinder-plan-too-long = В плане { $bytes } байт, больше предела в { $limit }. Даже цилиндр 26x26 занимает куда меньше: пришлите только план.
cylinder-plan-control-character = в тексте управляющий символ ({ $code }); это похоже на файл, а не на план. Пришлите план простым текстом.

## Заголовок

cylinder-plan-no-header = план цилиндра начинается строкой cylinder ШxВ, например cylinder 8x8
cylinder-plan-bad-size = «{ $found }» — не размер; пишите ширину x высоту, каждую от 3 до 26, например 8x8

## Чертёж

cylinder-plan-missing-lines = чертёж цилиндра { $size } занимает { $expected } строк, а здесь { $found ->
        [one] только { $found } строка
        [few] только { $found } строки
       *[other] только { $found } строк
    }; у каждого ряда есть строка клеток и под ней строка стен
cylinder-plan-extra-line = чертёж цилиндра { $size } кончается на строке { $last }; клад пишите после строки items:, или исправьте размер в заголовке
cylinder-plan-line-too-long = строка длиннее { $max } символов — ширины чертежа { $size }; уберите лишнее или исправьте размер в заголовке
cylinder-plan-blank-line = пустая строка внутри чертежа; уберите её
cylinder-plan-tab = табуляция внутри чертежа; она выравнивается везде по-разному, пишите пробелы
cylinder-plan-long-dash = «{ $found }» — длинное тире, его, видимо, вставила клавиатура или мессенджер; стены рисуйте тремя обычными минусами ---
cylinder-plan-not-a-wall-line = ожидалась строка стен вроде +---+   +; строки стен и строки клеток чередуются
cylinder-plan-not-a-cell-line = ожидалась строка клеток вроде | .   M |; строки стен и строки клеток чередуются
cylinder-plan-bad-corner = «{ $found }» в позиции { $column } стоит на месте угла +; в строке стен + стоит на каждом четвёртом символе
cylinder-plan-non-ascii = «{ $found }» ({ $code }) — не простой символ ASCII; в плане только латинские буквы, цифры, пробелы и + - | . * > < ^
cylinder-plan-cyrillic = «{ $found }» — русская буква; наберите латинскую { $instead }

## Стороны

cylinder-plan-solid-wall = «{ $found }»: в этой игре стены не ломаются, и неразрушимых стен не бывает; стену пишите --- или |
cylinder-plan-closed-exit = «{ $found }»: выход здесь — разрыв во внешней стене, закрытых выходов нет; выход на северном или южном краю пишите тремя пробелами
cylinder-plan-bad-wall = «{ $found }» между { $cell } и { $other } — не стена; пишите --- (стена) или три пробела (нет стены)
cylinder-plan-bad-side = «{ $found }» между { $cell } и { $other } — не сторона клетки; пишите | (стена) или пробел (нет стены)
cylinder-plan-bad-rim = «{ $found }» { $dir ->
        [up] над
       *[down] под
    } { $cell } — не край поля; пишите --- (внешняя стена) или три пробела (выход)
cylinder-plan-seam-mismatch = строка { $west ->
        [wall] начинается с |, а кончается пробелом
       *[open] начинается с пробела, а кончается |
    }; оба конца рисуют один и тот же шов между { $other } и { $cell }, поэтому пишите | на обоих (стена) или пробел на обоих (нет стены)

## Клетки

cylinder-plan-empty-cell = клетка пуста; напишите её тип: . *e *s *w ^ v < > S P A M или K
cylinder-plan-bad-glyph = «{ $found }» — не тип клетки; пишите . (суша), *e *s *w (вертушка), ^ v < > (река), S (болото), P (яма), A (арсенал), M (морг) или K (крокодил)
cylinder-plan-lowercase-glyph = «{ $found }» — не тип клетки; пишите заглавную { $instead }
cylinder-plan-bad-spinner = «{ $found }» — не вертушка; пишите * и куда стрелка показывает вместо севера: *e (восток), *s (юг) или *w (запад)

## Разделы

cylinder-plan-unknown-section = «{ $found }» — нет такого раздела; разделы: items:, pits:, bear: и ghost:
cylinder-plan-repeated-section = раздел { $section }: написан дважды; оставьте один и соберите под ним все его строки
cylinder-plan-label-with-text = строки раздела { $section }: пишите каждую отдельно, после него
cylinder-plan-bad-cell = «{ $found }» — не имя клетки; пишите клетку вроде C5
cylinder-plan-off-board = на поле { $size } нет клетки { $cell }
cylinder-plan-missing-item = укажите, что лежит на { $cell }: { $cell } treasure
cylinder-plan-unknown-item = «{ $found }» — не предмет; предмет только один — клад ({ $cell } treasure); крокодила рисуйте буквой K
cylinder-plan-extra-words = лишнее «{ $found }» в конце строки; уберите его
cylinder-plan-second-treasure = клад уже лежит на { $first }; клад один
cylinder-plan-no-treasure = в плане нет клада; добавьте строку items: и под ней строку вроде C5 treasure
cylinder-plan-missing-target = укажите, куда ведёт яма: напишите после { $cell } яму, в которую она ведёт
cylinder-plan-not-a-pit = клетка { $cell } не нарисована ямой P; под pits: перечисляются только ямы
cylinder-plan-repeated-pit-line = куда ведёт { $cell }, уже написано на строке { $first }; яма ведёт в одну яму
cylinder-plan-pit-without-line = укажите, куда ведёт эта яма: под pits: напишите { $cell } и яму, в которую она ведёт
cylinder-plan-bad-creature-line = { $section ->
        [bear] под bear: пишите start и клетку медведя, например start D4
       *[ghost] под ghost: пишите start и клетку призрака, затем path и его шаги, например start A1 и path east south west north
    }
cylinder-plan-missing-start = { $section ->
        [bear] укажите, где начинает медведь: start D4
       *[ghost] укажите, где начинает призрак: start A1
    }
cylinder-plan-repeated-start = у { $section ->
        [bear] медведя
       *[ghost] призрака
    } уже есть start; оставьте одну строку start
cylinder-plan-bad-dir = «{ $found }» — не направление; пишите north (север), south (юг), west (запад) или east (восток)

## Проверка

cylinder-check-at = { $cell }: { $text }
cylinder-check-valid = { $warnings ->
    [0] План принят.
    [one] План принят, { $warnings } предупреждение.
    [few] План принят, { $warnings } предупреждения.
   *[other] План принят, { $warnings } предупреждений.
}
cylinder-check-refused = План отклонён: { $problems ->
    [one] { $problems } нарушение
    [few] { $problems } нарушения
   *[other] { $problems } нарушений
}{ $warnings ->
    [0] .
    [one] , { $warnings } предупреждение.
    [few] , { $warnings } предупреждения.
   *[other] , { $warnings } предупреждений.
}
cylinder-check-problems = Нарушения (пока они не исправлены, по плану играть нельзя):
cylinder-check-warnings = Предупреждения (играть можно и так):

cylinder-check-no-morgue = нет морга; нарисуйте один M — там оживают погибшие
cylinder-check-second-morgue = второй морг (первый на { $first }); морг в лабиринте один
cylinder-check-treasure-in-river = клад лежит в реке, а река всех уносит дальше; положите его туда, где можно стоять
cylinder-check-no-exit = нет выхода; оставьте разрыв (три пробела) в северном или южном краю
cylinder-check-off-board = { $thing ->
        [treasure] клад
        [crocodile] крокодил
        [bear] медведь
        [ghost] призрак
       *[pit-target] цель ямы
    } на { $at }, за пределами поля
cylinder-check-river-off-board = река течёт { $dir ->
        [north] на север за край поля
        [south] на юг за край поля
       *[other] за пределы поля
    }; река впадает в реку или в болото
cylinder-check-river-through-wall = реку, текущую в { $to }, перегораживает стена; стена не может перегораживать реку
cylinder-check-river-into-non-swamp = река впадает в { $kind ->
        [land] сушу
        [spinner] вертушку
        [pit] яму
        [arsenal] арсенал
        [morgue] морг
       *[other] клетку
    } на { $to }; каждая река в конечном итоге впадает в болото
cylinder-check-circular-river = река течёт по кругу из { $n ->
        [one] { $n } клетки
       *[other] { $n } клеток
    } через эту клетку и не доходит до болота; каждая река в конечном итоге впадает в болото
cylinder-check-pit-to-itself = яма ведёт сама в себя; каждая яма ведёт в другую яму
cylinder-check-pit-into-non-pit = яма ведёт в { $kind ->
        [land] сушу
        [spinner] вертушку
        [river] реку
        [swamp] болото
        [arsenal] арсенал
        [morgue] морг
       *[other] клетку
    } на { $to }; каждая яма ведёт в другую яму
cylinder-check-pit-not-entered = в эту яму не ведёт ни одна яма; в каждую яму ведёт ровно одна
cylinder-check-pit-entered-several = в эту яму ведут { $n } { $n ->
        [one] яма
        [few] ямы
       *[other] ям
    }; в каждую яму ведёт ровно одна
cylinder-check-crocodile-off-land = крокодил лежит { $kind ->
        [spinner] на вертушке
        [river] в реке
        [swamp] в болоте
        [pit] в яме
        [arsenal] в арсенале
        [morgue] в морге
       *[other] не на суше
    }; крокодилы лежат на суше
cylinder-check-starts-in-river = { $creature ->
        [bear] медведь начинает
       *[ghost] призрак начинает
    } в реке, которая сразу его унесёт; поставьте его на клетку, где можно стоять
cylinder-check-ghost-without-path = у призрака нет пути; напишите его шаги под ghost: строкой path east south …
cylinder-check-ghost-leaves = на шаге { $step } путь уводит призрака { $dir ->
        [north] на север за край поля
        [south] на юг за край поля
       *[other] за пределы поля
    }; путь, пройденный по кругу сколько угодно раз, должен оставаться на поле
cylinder-check-few-starts = { $n ->
        [one] { $n } клетка
        [few] { $n } клетки
       *[other] { $n } клеток
    } для начала игры (суша или вертушка, на которой ничего нет), а нужно { $needed } — по одной на каждого участника
cylinder-check-cut-off = с этой начальной клетки { $goal ->
        [treasure] не дойти до клада
       *[exit] не дойти ни до одного выхода
    }
cylinder-check-cut-off-everywhere = ни с одной начальной клетки не дойти { $goal ->
        [treasure] до клада
       *[exit] ни до одного выхода
    }
cylinder-check-no-way-out = от клада не дойти ни до одного выхода
cylinder-check-no-spinner = нет ни одной вертушки (*e, *s или *w); в лабиринте из правил они есть
cylinder-check-no-crocodile = нет ни одного крокодила (K); в лабиринте из правил они есть
cylinder-check-no-river = нет ни одной реки; в лабиринте из правил реки впадают в болота

## The table (cylinder/table)

cyl-options = игра на цилиндре принимает size=8x8, plan=own (вы ведущий и присылаете план лично), plan=generated, order=join или order=lot (порядок ходов внутри шага) и seed=N
cyl-size = цилиндр — один уровень, каждая сторона от { $min } до 26: size=8x8
cyl-rules = Лабиринт, игра на цилиндре: 8х8, западная и восточная стороны склеены; вертушки, реки в болота, ямы, крокодилы, арсенал, морг, медведь и призрак. Очерёдности нет: заявляйте ходы когда угодно; шаг делается, когда у всех есть заявка или вышел срок.
cyl-help =
    Лабиринт на цилиндре: западная и восточная стороны лабиринта склеены. Найдите клад и вынесите его через выход (без клада выход — стена).
    Присылайте ходы когда угодно, по нескольку сразу, в группе или лично: «север, север, восток», «стреляю на север, иду на север», «иду на восток и стреляю на юг», «запад x3», «дважды север, затем восток, ожидаю C5», «стоп если рядом» (заявка прервётся, когда рядом медведь или призрак). Новая заявка заменяет остаток старой.
    Шаг делается, как только у всех есть ход в заявке; тех, у кого нет, ждём до срока, потом они стоят на месте. /status лично: патроны, клад, ваша заявка.
cyl-awaiting-plan = Ждём, пока ведущий пришлёт план лично.
cyl-send-plan = Пришлите мне план лабиринта на цилиндре на { $players } игроков, лучше в блоке кода:
    первая строка: cylinder 8x8 (ширина и высота);
    затем чертёж — строки стен (+---+   +) и строки клеток (| .   . |) по очереди; первый и последний символ строки клеток оба | (стена на шве запад–восток) или оба пробел (стены нет); разрыв в верхней или нижней строке стен — выход;
    клетки: . суша, *e *s *w вертушка со стрелкой на восток, юг или запад, ^ v < > река, текущая в эту сторону, S болото, P яма, A арсенал, M морг, K крокодил на суше;
    затем items: со строкой вроде E6 treasure; pits: со строкой ОТКУДА КУДА для каждой P; и, если хотите, bear: со start F3 и ghost: со start B7 и path east east south west.
    Я проверю его и перечислю все ошибки.
cyl-plan-accepted = План принят.
cyl-no-room = В лабиринте не хватает суши, чтобы поставить всех игроков; игра не может начаться.
cyl-started = Лабиринт готов: { $size }, западная и восточная стороны склеены. Каждый начинает на суше без патронов. Присылайте ходы когда угодно, по нескольку: «север, север, восток»; шаг делается, когда у всех есть заявка.
cyl-you-start = Вы начинаете на суше, без патронов.
cyl-queued = { $name }: { $n ->
        [one] принят { $n } ход
        [few] приняты { $n } хода
       *[other] принято { $n } ходов
    }.
cyl-removed = { $name } выбывает из игры.
cyl-step = Шаг { $n }:
cyl-went = { $name } — { $cell ->
        [land] суша
        [swamp] болото
        [river] попал в реку
        [pit] попал в яму
        [arsenal] арсенал
       *[morgue] морг
    }
cyl-carried = { $name } — река отнесла { $name } { $cell ->
        [land] на сушу
        [swamp] в болото
        [river] дальше по реке
        [pit] в яму
        [arsenal] в арсенал
       *[morgue] в морг
    }
cyl-wall = { $name } — стена
cyl-shot = { $name } стреляет
cyl-no-bullets = у { $name } нет патронов
cyl-armed = { $name } берёт три патрона
cyl-found = { $name } нашёл клад!
cyl-died = { $name } { $how ->
        [swamp] утонул в болоте
        [crocodile] съеден крокодилом
        [bear] съеден медведем
        [ghost] схвачен призраком
       *[shot] застрелен
    } и оживает в морге без патронов
cyl-treasure-back = Клад вернулся на место.
cyl-stepped-on = { $name } наступил на { $beast ->
        [bear] медведя
       *[ghost] призрака
    }
cyl-near = { $name }: { $beast ->
        [bear] медведь
       *[ghost] призрак
    } близко
cyl-escaped = { $name } вышел из лабиринта с кладом и побеждает!
cyl-halt-done = Заявка { $name } выполнена; присылайте следующую.
cyl-halt-died = Заявка { $name } прервана: смерть. Присылайте новую.
cyl-halt-expected = Ваша заявка прервана: вы не на { $cell }, где ожидали оказаться. Присылайте новую.
cyl-halt-near = Заявка { $name } прервана: { $beast ->
        [bear] медведь
       *[ghost] призрак
    } близко. Присылайте новую.
cyl-halt-over = Заявка { $name } прервана: игра окончена.
cyl-reveal = Весь лабиринт:
    { $plan }
cyl-status = Патронов: { $bullets }; клад: { $treasure ->
        [yes] у вас
       *[no] не у вас
    }; ходов в заявке: { $queued }.
cyl-status-none = Игра ещё не началась.
cyl-order-empty = В заявке нет ходов; называйте направления: север, восток.
cyl-order-unknown = «{ $word }» не понял; пишите направления (север, юг, запад, восток), выстрелы (стреляю на север), ожидаемую клетку (ожидаю C5) или стоп если рядом.
cyl-order-shot-way = «{ $word }»: стрелять куда? север, юг, запад или восток.
cyl-order-expect = «{ $word }»: называйте клетку, где ожидаете оказаться после хода, например ожидаю C5.
cyl-order-too-many = Не больше { $max } ходов за раз.

## Generator
cylinder-generate-not-flat = Цилиндр { $size } не составить: у цилиндра один уровень, например 8x8.
cylinder-generate-side = Цилиндр { $size } не составить: каждая сторона должна быть от { $min } до { $max } клеток; в посте — квадрат 8х8.
cylinder-generate-players = Цилиндр для { $players } { $players ->
        [one] игрока
       *[other] игроков
    } не составить: игроков может быть от 1 до { $max }.
