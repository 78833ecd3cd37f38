# The master's words in the Labyrinth game (ru), rendered by bot-core/src/labyrinth/game/narrate.rs.
#
# Every phrase is a clause written as it stands inside a sentence, from a small letter: the narrator
# joins the clauses of one turn ("пришел на Сушу" + "нашел клад" → "Пришел на Сушу, нашел клад."),
# capitalizes the start of each sentence and ends it with a full stop. A phrase that ends with "!" or
# "?" ends its sentence itself. $name is a player's name, shown as is.
# Wording follows the rule book (Kodex Б §2.2, §3, §4, §5, §6); numbers up to ten are words.

## Joining

# Between the clauses of one sentence.
lab-then = {", "}
# Between the items of a list, and before its last item ("клад, две пули и труп").
lab-list-comma = {", "}
lab-list-and = {" и "}

## Numbers and counted nouns
# $n the number; $case nom (у тебя две пули) or acc (нашел пулю); $form some (нашел пулю),
# the (оставил клад) or count (одна пуля).

lab-num = { $n ->
    [0] ноль
    [1] один
    [2] два
    [3] три
    [4] четыре
    [5] пять
    [6] шесть
    [7] семь
    [8] восемь
    [9] девять
    [10] десять
   *[other] { $n }
}

lab-count-treasure = { $n ->
    [0] ни одного клада
    [1] { $form ->
        [count] один клад
       *[some] клад
    }
    [2] два клада
    [one] { $n } клад
    [few] { lab-num } клада
   *[many] { lab-num } кладов
}
lab-count-corpse = { $n ->
    [0] ни одного трупа
    [1] { $form ->
        [count] один труп
       *[some] труп
    }
    [2] два трупа
    [one] { $n } труп
    [few] { lab-num } трупа
   *[many] { lab-num } трупов
}
lab-count-mine = { $n ->
    [0] ни одной мины
    [1] { $form ->
        [count] { $case ->
            [acc] одну мину
           *[nom] одна мина
        }
       *[some] { $case ->
            [acc] мину
           *[nom] мина
        }
    }
    [2] две мины
    [one] { $n } { $case ->
        [acc] мину
       *[nom] мина
    }
    [few] { lab-num } мины
   *[many] { lab-num } мин
}
lab-count-bullets = { $n ->
    [0] ни одной пули
    [1] { $form ->
        [count] { $case ->
            [acc] одну пулю
           *[nom] одна пуля
        }
       *[some] { $case ->
            [acc] пулю
           *[nom] пуля
        }
    }
    [2] две пули
    [one] { $n } { $case ->
        [acc] пулю
       *[nom] пуля
    }
    [few] { lab-num } пули
   *[many] { lab-num } пуль
}
lab-count-grenades = { $n ->
    [0] ни одной гранаты
    [1] { $form ->
        [count] { $case ->
            [acc] одну гранату
           *[nom] одна граната
        }
       *[some] { $case ->
            [acc] гранату
           *[nom] граната
        }
    }
    [2] две гранаты
    [one] { $n } { $case ->
        [acc] гранату
       *[nom] граната
    }
    [few] { lab-num } гранаты
   *[many] { lab-num } гранат
}
lab-count-bombs = { $n ->
    [0] ни одной бомбы
    [1] { $form ->
        [count] { $case ->
            [acc] одну бомбу
           *[nom] одна бомба
        }
       *[some] { $case ->
            [acc] бомбу
           *[nom] бомба
        }
    }
    [2] две бомбы
    [one] { $n } { $case ->
        [acc] бомбу
       *[nom] бомба
    }
    [few] { lab-num } бомбы
   *[many] { lab-num } бомб
}
lab-count-knives = { $n ->
    [0] ни одного ножа
    [1] { $form ->
        [count] { $case ->
            [acc] один нож
           *[nom] один нож
        }
       *[some] нож
    }
    [2] два ножа
    [one] { lab-num } нож
    [few] { lab-num } ножа
   *[many] { lab-num } ножей
}
lab-count-cement = { $n ->
    [0] ни одного мешка цемента
    [1] { $form ->
        [count] { $case ->
            [acc] один мешок цемента
           *[nom] один мешок цемента
        }
       *[some] мешок цемента
    }
    [2] два мешка цемента
    [one] { lab-num } мешок цемента
    [few] { lab-num } мешка цемента
   *[many] { lab-num } мешков цемента
}
lab-count-move = { $n ->
    [0] ни одного хода
    [1] { $form ->
        [count] один ход
       *[some] ход
    }
    [2] два хода
    [one] { $n } ход
    [few] { lab-num } хода
   *[many] { lab-num } ходов
}
lab-count-round = { $n ->
    [0] ни одного круга
    [1] { $form ->
        [count] один круг
       *[some] круг
    }
    [2] два круга
    [one] { $n } круг
    [few] { lab-num } круга
   *[many] { lab-num } кругов
}
lab-count-reorder = { $n ->
    [0] ни одного перезаказа
    [1] { $form ->
        [count] один перезаказ
       *[some] перезаказ
    }
    [2] два перезаказа
    [one] { $n } перезаказ
    [few] { lab-num } перезаказа
   *[many] { lab-num } перезаказов
}

## Cell types (Б §4): $cell is land, hospital, arsenal, pit, river, mouth or encephalitis.

# Where to: "пришел на Сушу".
lab-cell-into = { $cell ->
    [land] на Сушу
    [hospital] в Медсанбат
    [arsenal] в Арсенал
    [pit] в Яму
    [river] в Реку
    [mouth] в Устье
    [swamp] в болото
    [outlet] на Выход ямы
   *[encephalitis] в Энцефалит
}
# Where: "начинает на Суше".
lab-cell-at = { $cell ->
    [land] на Суше
    [hospital] в Медсанбате
    [arsenal] в Арсенале
    [pit] в Яме
    [river] в Реке
    [mouth] в Устье
    [swamp] в болоте
    [outlet] на Выходе ямы
   *[encephalitis] в Энцефалите
}

## Turns and the start (Б §6.1–§6.2)

lab-turn = { $name }, твой ход
lab-round = круг { $n }
lab-starts-on = { $name } начинает { lab-cell-at }

## Movement (Б §2.2, §4)

lab-arrived-walked = пришел { lab-cell-into }
lab-arrived-along-river = { $cell ->
    [mouth] по реке в Устье
   *[river] по реке
}
lab-arrived-carried = { $cell ->
    [mouth] попал в Реку, снесло в Устье
   *[river] попал в Реку, снесло по течению
}
lab-arrived-with-current = поплыл по течению, попал { lab-cell-into }
lab-arrived-through-pit = попал в Яму
lab-arrived-along-cycle = по циклу, попал в Яму
lab-bumped = туда нельзя, стенка
lab-bumped-carried = туда нельзя, стенка, снесло по течению, попал { lab-cell-into }
lab-inflow = нельзя, впадает река
lab-went-out = вышел из лабиринта

## What lies on the cell (Б §3.3, §5.1, §5.8)

lab-found = нашел { $things }
lab-picked-up = взял { $things }
lab-which-treasure = { $carrying ->
    [yes] { $n ->
        [1] у тебя уже есть клад, а нашелся еще один: какой берешь — старый или новый?
       *[other] у тебя уже есть клад, а здесь { $treasures }: оставляешь свой или берешь нижний, второй снизу, … или верхний?
    }
   *[no] { $n ->
        [2] здесь два клада: какой берешь — нижний или верхний?
       *[other] здесь { $treasures }: какой берешь — нижний, второй снизу, … или верхний?
    }
}
lab-kept-treasure = оставил себе свой клад
lab-exchanged = оставил взамен { $thing }

## Cells' effects (Б §4.2, §4.3, §4.7)

lab-healed = { $immune ->
    [yes] вылечился, теперь у тебя иммунитет к энцефалиту
   *[no] вылечился
}
lab-refilled = у тебя { $bullets }, { $grenades }
lab-tick-woken = разбудил Клеща
lab-infected = ты заразился энцефалитом
lab-infected-moves = ты заразился энцефалитом, { $n ->
    [0] времени на лечение у тебя нет
   *[other] на лечение у тебя есть { $moves }
}
lab-cure-left = на лечение { $n ->
    [0] не осталось ни одного хода
    [one] остался { $moves }
   *[other] осталось { $moves }
}
# The same said of a player, in the start's announcement to all (Б §6.2).
lab-found-of = нашел { $things }
lab-picked-up-of = взял { $things }
lab-exchanged-of = оставил взамен { $thing }
lab-refilled-of = при нём { $bullets }, { $grenades }
lab-refilled-knives = у тебя { $bullets }, { $grenades }, { $knives }
lab-refilled-knives-of = при нём { $bullets }, { $grenades }, { $knives }
lab-tick-woken-of = разбудил Клеща
lab-cremated = труп отобрали и кремировали
lab-mine-exploded = взорвалась мина

## Shots, grenades, things (Б §5.2, §5.4, §5.5, §5.7; В §5.4, §5.5)

lab-shot = { $scream ->
    [yes] слышен вопль
   *[no] воплей нет
}, { $n ->
    [0] пуль у тебя больше нет
    [one] у тебя осталась { $bullets }
   *[other] у тебя осталось { $bullets }
}
lab-hit-wounded = { $name } ранен
lab-hit-killed = { $name } убит
lab-hit-nobody = никого не задело
lab-caught = поймал на лету { $things }
lab-blown = { $result ->
    [broke] стенка взорвалась
    [held] стенка не взорвалась
    [no-wall] стенки не было
   *[untold] { $bomb ->
        [yes] бомба взорвалась
       *[no] граната взорвалась
    }
}, { $n ->
    [0] { $bomb ->
        [yes] бомб
       *[no] гранат
    } у тебя больше нет
    [one] у тебя осталась { $grenades }
   *[other] у тебя осталось { $grenades }
}
lab-left-here = оставил { $thing }
lab-at-feet = у твоих ног { $n ->
    [one] { $kind ->
        [treasure] появился
        [corpse] появился
       *[other] появилась
    }
   *[other] появились
} { $thing }
lab-thrown = бросил { $thing } { $dir ->
    [up] вверх
    [down] вниз
    [left] влево
    [higher] на уровень выше
    [lower] на уровень ниже
   *[right] вправо
}
lab-mine-set = мина установлена

## Parts of an order that cannot be done (Б §6.5: "ничего не выйдет, …")

lab-cannot = ничего не выйдет, { $why ->
    [no-bullets] пуль у тебя нет
    [no-grenades] гранат у тебя нет
    [no-bombs] бомб у тебя нет
    [no-mine] мины у тебя нет
    [too-weak] раненому и больному это не под силу
    [no-shooting-here] из Медсанбата и Арсенала стрелять нельзя
    [outside] вне лабиринта можно только стрелять или вернуться
    [no-knives] ножей у тебя нет
    [no-cement] цемента у тебя нет
    [no-boomerang] бумеранга у тебя нет
   *[wet-powder] порох в реке отсырел
}
lab-cannot-carrying = ничего не выйдет, у тебя нет { $kind ->
    [treasure] клада
    [corpse] трупа
    [mine] мины
    [bullets] пуль
   *[grenades] гранат
}

## Skips, dark and half-dark orders (Б §6.6–§6.8)

lab-skipped = ход пропущен
lab-stabbed = { $scream ->
    [yes] удар ножом, слышен вопль
   *[no] удар ножом, никого нет
}, { $n ->
    [0] ножей у тебя больше нет
    [one] у тебя остался { $knives }
   *[other] у тебя осталось { $knives }
}
lab-kicked = { $hit ->
    [yes] попал, побитый пропускает ход
   *[no] никого нет, сломал ноги, пропускаешь ход
}
lab-sits-out = { $name } пропускает ход: { $why ->
    [kicked] его побили
    [swamp] увяз в болоте
   *[broken-legs] сломал ноги
}
lab-again = ход не потерян, ходи ещё
lab-one-way = прошёл сквозь полупрозрачную стену
lab-mauled = { $name } столкнулся с медведем и ранен
lab-bear-wounded = рёв: медведь ранен и уходит в берлогу
lab-banked = клад настоящий и остаётся у тебя: ты вынес { $mine }; { $n ->
    [0] в лабиринте их больше нет
   *[other] в лабиринте ещё { $left }
}
lab-back-in = ты возвращаешься в лабиринт, на клетку у выхода
lab-outer-wall = это внешняя стена
lab-through-blown = прошёл там, где взорвали стенку
lab-evacuated = { $name } ранен, его унесли в госпиталь и вылечили
lab-built = { $result ->
    [built] стенка поставлена
    [nothing] цемент застыл, а новой стенки там нет
   *[untold] цемент положен
}, { $n ->
    [0] цемента у тебя больше нет
    [one] у тебя остался { $cement }
   *[other] у тебя осталось { $cement }
}
lab-boomerang = { $scream ->
    [yes] слышен вопль
   *[no] вопля нет
}, { $back ->
    [yes] бумеранг вернулся к тебе
   *[no] бумеранг попал в стену и сломался
}
lab-stocked = ещё у тебя { $things }
lab-stocked-of = ещё у { $name } { $things }
lab-stocked-boomerang = { $has ->
    [yes] бумеранг
   *[no] бумеранга нет
}
lab-was-rubber = { $room ->
    [yes] ты был в резиновой комнате: те ходы упирались в резиновые стены
   *[no] до этого была резиновая стена: ты оставался на месте
}
lab-dark = есть — результат не сообщать
lab-half-dark = { $wall ->
    [yes] нельзя, стенка
   *[no] стенки нет
}

## Wounds, re-orders, deaths (Б §3.4, §5.5)

lab-wounded = { $name } ранен
lab-reorder-offer = { $n ->
    [0] можно заказать новую клетку, это последний перезаказ
   *[other] можно заказать новую клетку, после этого останется ещё { $reorders }
}
lab-reordered = продолжаешь с клетки { $cell }
lab-reordered-secret = новая клетка заказана
lab-died = { $name } погиб
lab-dust = клад рассыпался в прах! Следующим ходом вернись в лабиринт
lab-lost = { $name } не вернулся в лабиринт и выбывает из игры
lab-removed = { $name } не назвал ход вовремя и выбывает из игры
lab-removed-left = { $name } выбывает из игры; его труп и всё его имущество остаются в лабиринте
lab-alone = { $n ->
    [0] ты остался в лабиринте один, но ходов на вынос клада больше нет
   *[other] ты остался в лабиринте один: на вынос клада у тебя { $moves }
}

## The end (Б §3.4–§3.6, §4.6, §5.2, §6.6)

lab-quiet = { $rounds } без изменений...
lab-over = { $end ->
    [treasure] { $name } вынес истинный клад — победа! Игра окончена
    [most-treasures] все настоящие клады вынесены; больше всех вынес { $name } — победа! Игра окончена
    [treasures-shared] все настоящие клады вынесены, больше всех — не один игрок. Игра окончена, НИЧЬЯ!
    [last-standing] { $name } остался в лабиринте один — победа! Игра окончена
    [treasure-lost] истинный клад потерян — игра окончена, НИЧЬЯ!
    [all-skipped] все пропустили ход — игра окончена, НИЧЬЯ!
    [nstop] Nstop кругов без изменений — игра окончена, НИЧЬЯ!
   *[nobody-left] победить больше некому — игра окончена, НИЧЬЯ!
}

## A player's status (Б §6.4)

lab-status-wounded = ранен
lab-status-sick = болен энцефалитом
lab-status-dead = ты погиб
lab-status-immune = иммунитет к энцефалиту
lab-status-reorders = { $n ->
    [one] остался { $reorders }
   *[other] осталось { $reorders }
}
lab-status-boomerang = бумеранг
lab-status-outside = ты вне лабиринта, следующим ходом вернись
labyrinth-title = Лабиринт

## Help
lab-help =
    «Лабиринт» (Terra incognita): лабиринт видит только мастер. Каждый начинает с клетки, которую выбрал втайне, и играет вслепую: в свой ход идёт на одну клетку (вверх, вниз, влево, вправо) и до или после этого может выстрелить или бросить гранату. Я сообщаю только, на что вы наткнулись: стенка, река (сносит), яма, арсенал (пули и гранаты), медсанбат (лечит), клад. Найдите настоящий клад и вынесите его через выход; выстрел ранит (раненый роняет пули и то, что нёс, и до излечения ничего не носит), граната взрывает стенку. Рисуйте лабиринт на бумаге по мере того, как узнаёте его.
    /newgame labyrinth cylinder — лабиринт 8х8 со склеенными краями, зверями и без очерёдности: заявляйте сразу несколько ходов («север, север, восток»).
    /newgame labyrinth classic|quantum|wiki [ключ=значение …] — открыть игру (size=6x5, plan=own, order=join, deadline=24h, missed=3, seed=N и опции кодекса; wiki — игра из энциклопедии, её модификации тоже опции: swamps=yes, bear=mimic, cement=yes, boomerang=2 …; size=5x5x2 — трёхмерный лабиринт из двух уровней, где «вверх» и «вниз» — по лестницам, а «вперёд», «назад» — по уровню; queue=on — можно заявлять сразу несколько ходов: «вверх; вверх; влево, ожидаю C5»)
    Ходы пишутся в группе обычными словами: «иду вверх, затем стреляю влево», «/move up»; в wiki ещё «бью ножом», «бью ногами», «ставлю стену вверх», «кидаю бумеранг влево», если договорились. /rules покажет, что включено.
    Лично мне: стартовая клетка, /status, новая клетка после ранения. Если вы в нескольких играх, начните с номера игры: «#12 B2».

## Очередь ходов (queue=on)
lab-queue-option = напишите queue=on или queue=off
lab-queue-rules = Очередь ходов: заявляйте сразу несколько ходов, когда угодно, в группе или лично («вверх; вверх; стреляю влево, иду вниз; ожидаю C5»). Каждый ход делается, когда до вас доходит очередь; круг ждёт тех, у кого ничего не заявлено, до срока, а потом пропускает их ход. Очередь прерывается при ранении, при ходе, который правила не допускают, и если вы оказались не на той клетке, где ожидали.
lab-queue-part = «{ $part }»: { $why }
lab-queue-not-a-turn = это не ход; заявляйте только ходы, один за другим
lab-queue-expect = клетку, где ожидаете оказаться, называйте после хода: «вверх, ожидаю C5»
lab-queue-too-many = не больше { $n } ходов за раз
lab-queue-waiting = { $name }: { $n ->
        [one] { $n } ход в очереди, он будет сделан в свой черёд
        [few] { $n } хода в очереди, каждый будет сделан в свой черёд
       *[many] { $n } ходов в очереди, каждый будет сделан в свой черёд
    }.
lab-queue-played = Сделано: смотрите группу.
lab-queue-status = В очереди: { $turns }.
lab-queue-status-empty = В очереди ничего нет.
lab-queue-halt-wounded = вы ранены
lab-queue-halt-asked = ведущий спрашивает, какой клад вы берёте (старый или новый)
lab-queue-halt-expect = вы не на { $cell }, где ожидали оказаться
lab-queue-halt-refused = «{ $order }» сделать нельзя: { $why }
lab-queue-halted = Ваша очередь ходов прервана: { $why }. { $n ->
        [0] Заявляйте следующие ходы.
        [one] Ещё { $n } ход отменён; заявите новые.
        [few] Ещё { $n } хода отменены; заявите новые.
       *[many] Ещё { $n } ходов отменены; заявите новые.
    }
lab-queue-turn = { $name }: «{ $order }»
lab-queue-lapsed = Ход { $name } пропущен: на него ничего не заявлено в срок.
