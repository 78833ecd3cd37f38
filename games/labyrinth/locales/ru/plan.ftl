# plan messages (ru): problems of a plan's text (bot-core/src/labyrinth/plan/errors.rs).
# $body is one of the messages below; $cell and $other are cell names such as C2.

plan-at-line = строка { $line }: { $body }
plan-at-cell = строка { $line }, { $cell }: { $body }

## The whole text

plan-empty = План пуст. Пришлите чертёж, начиная со строки вида labyrinth 5x4.
plan-too-long = План занимает { $bytes } { $bytes ->
        [one] байт
        [few] байта
       *[other] байт
    }, больше предела в { $limit }. Даже лабиринт 26x26 намного короче: пришлите только план.
plan-control-character = в тексте управляющий символ ({ $code }) — похоже на файл, а не на план. Пришлите план обычным текстом.

## The header

plan-no-header = план начинается строкой labyrinth ШxВ (ширина x высота), например labyrinth 5x4
plan-missing-size = после labyrinth укажите размер лабиринта, например labyrinth 5x4
plan-bad-size = «{ $found }» — не размер; напишите ширину x высоту, каждую от 1 до 26, например 5x4
plan-not-a-setting = «{ $found }» — не настройка; пишите ключ=значение, например cure=6
plan-unknown-setting = настройки «{ $key }» нет; есть cure (сколько ходов у больного, чтобы дойти до медсанбата) и nstop (сколько безрезультатных ходов до ничьей)
plan-duplicate-setting = { $key } задан дважды; оставьте один { $key }=N
plan-bad-setting-value = «{ $key }={ $value }»: значение должно быть целым числом от 1, например { $key }=6

## The drawing

plan-missing-lines = чертёж лабиринта { $size } — это { $expected } { $expected ->
        [one] строка
        [few] строки
       *[other] строк
    }, а здесь только { $found }; для каждого ряда нужны строка клеток и строка стенок под ней
plan-extra-line = чертёж лабиринта { $size } кончается на строке { $last }; предметы пишите после строки items:, или исправьте размер в заголовке
plan-line-too-long = строка длиннее { $max } { $max ->
        [one] символа
       *[other] символов
    } — ширины чертежа { $size }; уберите лишние символы или исправьте размер в заголовке
plan-blank-line = пустая строка внутри чертежа; уберите её
plan-tab = табуляция внутри чертежа; она везде выравнивается по-разному, используйте пробелы
plan-long-dash = «{ $found }» — длинное тире, его, видимо, подставила клавиатура или мессенджер; рисуйте стенки тремя обычными минусами ---
plan-not-a-wall-line = здесь должна быть строка стенок вида +---+   +; в чертеже строки стенок и строки клеток чередуются
plan-not-a-cell-line = здесь должна быть строка клеток вида | .   M |; в чертеже строки стенок и строки клеток чередуются
plan-bad-corner = «{ $found }» в столбце { $column } стоит на месте угла +; в строке стенок + стоит через каждые четыре символа
plan-non-ascii = «{ $found }» ({ $code }) — не символ ASCII; в плане только латинские буквы, цифры, пробелы и + - | # ~ . > < ^
plan-cyrillic-latin = «{ $found }» — русская буква; наберите латинскую { $instead }
plan-cyrillic-land = «{ $found }» — русская буква; суша обозначается точкой: .
plan-cyrillic-pit = «{ $found }» — русская буква; яма обозначается строчной латинской буквой (её цикл) и номером, например a1
plan-cyrillic-river = «{ $found }» — русская буква; река обозначается направлением течения: > < ^ v

## Sides

plan-bad-inner-wall = «{ $found }» между { $cell } и { $other } — не стенка; пишите --- (стенка), ### (невзрываемая стенка) или три пробела (стенки нет)
plan-bad-inner-side = «{ $found }» между { $cell } и { $other } — не сторона клетки; пишите | (стенка), # (невзрываемая стенка) или пробел (стенки нет)
plan-bad-border-wall = «{ $found }» { $dir ->
        [up] над
       *[down] под
    } { $cell } — не внешняя сторона; пишите --- (внешняя стенка), ~~~ (закрытый выход) или три пробела (открытый выход)
plan-bad-border-side = «{ $found }» { $dir ->
        [left] слева от
       *[right] справа от
    } { $cell } — не внешняя сторона; пишите | (внешняя стенка), ~ (закрытый выход) или пробел (открытый выход)
plan-solid-on-border = «{ $found }» { $dir ->
        [up] над
        [down] под
        [left] слева от
       *[right] справа от
    } { $cell }: { $found } — невзрываемая стенка между клетками, а внешнюю стенку и так не взорвать; пишите { $instead }
plan-closed-exit-inside = «{ $found }» между { $cell } и { $other }: закрытый выход бывает только на границе; между клетками пишите { $instead } — стенку, которую взрывает граната

## Cells

plan-empty-cell = клетка пуста; напишите её тип: . M A U E > < ^ v или яму вида a1
plan-bad-glyph = «{ $found }» — не тип клетки; пишите . M A U E > < ^ v или яму вида a1
plan-lowercase-glyph = «{ $found }» — не тип клетки; пишите заглавную { $instead }
plan-pit-uppercase = «{ $found }» — не тип клетки; цикл ямы обозначается строчной буквой: { $instead }
plan-pit-place-zero = «{ $found }»: ямы цикла нумеруются с 1; пишите a1, a2, …
plan-pit-leading-zero = «{ $found }»: пишите номер ямы без ведущего нуля: { $instead }

## Items

plan-items-label-text = каждый предмет пишите отдельной строкой после items:
plan-bad-item-cell = «{ $found }» — не имя клетки; строка предмета начинается с клетки, например B3, затем предмет: B3 treasure
plan-item-off-board = на поле { $size } нет клетки { $cell }
plan-missing-item = укажите, что лежит на { $cell }, например { $cell } treasure
plan-unknown-item = «{ $found }» — не предмет; пишите treasure (клад), fake (ложный клад), mine (мина), armed-mine (взведённая мина), bullets N (пули), grenades N (гранаты) или corpse (труп)
plan-missing-count = укажите, { $item ->
        [bullets] сколько пуль
       *[grenades] сколько гранат
    }, например { $cell } { $item } 3
plan-bad-count = «{ $found }» — не количество; пишите целое число от 1
plan-extra-words = лишнее «{ $found }»; пишите по одному предмету в строке: клетка, предмет, количество

## Типы арсеналов (модификация 13 энциклопедии)

plan-arsenals-label-text = каждый арсенал пишите отдельной строкой после arsenals:
plan-missing-supply = укажите, что даёт арсенал на { $cell }, например { $cell } bullets grenades
plan-unknown-supply = «{ $found }» — арсенал такого не даёт; пишите bullets (пули), grenades или bombs (гранаты), knives (ножи), cement (цемент) или boomerang (бумеранг)
plan-repeated-stock = арсенал на { $cell } указан дважды; перечислите всё, что он даёт, в одной строке

## Медведь (модификация 2 энциклопедии)

plan-bad-bear-line = после bear: пишите берлогу и путь, по строке: den C3, затем path right right down left
plan-bad-bear-dir = «{ $found }» — не направление пути медведя; пишите up, down, left или right
plan-missing-level = в многоуровневом лабиринте каждый уровень рисуется под своей строкой: level 1, под ней его чертёж, потом level 2 и его чертёж, и так далее; уровня { $level } здесь нет или он не на своём месте
plan-stairs-label-text = лестницы пишите на строках после stairs:, клетками вроде B2 C3@2
plan-stair-on-top = лестница ведёт на уровень выше, а это верхний из { $levels } уровней; поставьте лестницу уровнем ниже
