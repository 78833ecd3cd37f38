# Турниры: /tournament, /standings, /rating, /leaderboard.

tour-new-usage = Напишите /tournament new ИГРА [ПРАВИЛА] [ключ=значение …], например «/tournament new labyrinth classic format=series games=3 deadline=24h» или «/tournament new hive format=round-robin». Форматы: round-robin (cycles=2 — в два круга) и swiss (rounds=N) для игр вдвоём; series (games=N) и tables (table=4 rounds=N) для игр на нескольких. Очки: treasure=3 last=2 draw=1 win=1 half=0.5 loss=0 bye=1.
tour-bad-format = `{ $format }` — не формат: напишите format=round-robin, swiss, series или tables.
tour-busy = В этом чате уже идёт турнир: /tournament покажет его; директор может отменить его командой /tournament cancel.
tour-none = В этом чате нет турнира. /tournament new ИГРА откроет его.
tour-not-director = Это может только директор турнира или администратор чата.
tour-not-started = Турнир ещё не начался: /tournament start, когда все запишутся.
tour-about = { $game }, { $format }{ $rounds ->
        [-1] {""}
        [one] , { $rounds } тур
        [few] , { $rounds } тура
       *[many] , { $rounds } туров
    }
tour-opened = { $name } открывает турнир: { $about }. /tournament join (или кнопка) — записаться; { $name } скажет /tournament start, когда все запишутся.
tour-join-button = Записаться на турнир
tour-joined = { $name } записывается на турнир (всего { $n }).
tour-left = { $name } выходит из турнира.
tour-withdrawn = { $name } снимается с турнира: несыгранные партии засчитаны как неявка.
tour-started = Турнир начинается, игроков: { $n }; { $about }.
    { $schedule }
tour-round = Тур { $round }:
tour-bye = { $name }: пропускает тур
tour-next-round = Тур { $round }:
    { $schedule }
tour-game-opens = Тур { $round }, партия { $game }: { $names } — в { $chat }.
tour-your-game = Ваша турнирная партия { $round }-го тура начинается в { $chat }.
tour-game-over = Тур { $round }, партия { $game } окончена.
tour-standings = Турнирная таблица:
    { $table }
tour-finished = Турнир окончен. { $n ->
        [0] Победителя нет.
        [one] Победитель: { $names }!
       *[other] Победители: { $names }!
    }
tour-paused = Турнир приостановлен: начатые партии продолжаются, новые не начнутся до /tournament resume.
tour-resumed = Турнир продолжается.
tour-cancelled = Турнир отменён: новые партии не начнутся; начатые закончатся сами и не будут засчитаны.
tour-host-usage = Напишите /tournament host НОМЕР в чате, где будут проходить партии турнира с этим номером.
tour-host-already = Этот чат уже принимает партии этого турнира (или это его собственный чат).
tour-hosting = Теперь в этом чате проходят партии турнира #{ $id }.
tour-summary = Турнир #{ $id }: { $about }; { $state }. { $n ->
        [0] Пока никто не записался.
       *[other] Игроки: { $names }.
    }
tour-col-name = Игрок
tour-col-games = Игр
tour-col-wins = В
tour-col-draws = Н
tour-col-losses = П
tour-col-firsts = 1-х
tour-col-points = Очки
tour-col-buchholz = Бх
tour-col-sb = ЗБ
tour-rating-line = { $name }, { $game }: { $rating } после { $games ->
        [one] { $games } рейтинговой партии
       *[other] { $games } рейтинговых партий
    }.
tour-no-rating = Рейтинговых партий пока нет. Турнирные партии идут в рейтинг, когда окончен их тур; /newgame … rated=yes делает рейтинговой обычную партию, с её концом.
tour-no-ratings = В этом чате пока ни у кого нет рейтинга в { $game }.
tour-leaderboard = Лучшие в { $game } здесь:
    { $lines }
tour-leaderboard-usage = Напишите /leaderboard ИГРА, например /leaderboard hive.
tour-rated-option = напишите rated=yes или rated=no
tour-err-not-enough = Мало игроков: записалось { $have }, а турниру нужно не меньше { $need }.
tour-err-full = Мест нет: за столом не больше { $max }.
tour-err-joined = { $name } уже записан.
tour-err-not-joined = Вы не участвуете в этом турнире.
tour-err-withdrawn = { $name } уже снялся с турнира.
tour-err-two-player = Турнир { $format } сводит двух игроков в партии, а в { $game } играют от { $min } до { $max }: выберите format=series или format=tables.
tour-err-table-size = В { $game } за столом от { $min } до { $max } игроков: напишите table= в этих пределах.
tour-err-zero = Формату { $format } нужен хотя бы один { $what }.
tour-err-started = Турнир уже начался.
tour-err-not-running = Турнир не идёт.
tour-err-internal = Сейчас турнир этого сделать не может.
tour-scoring-key-value = `{ $word }`: правило очков пишется как ключ=значение, например treasure=3.
tour-scoring-unknown = `{ $word }` — не ключ очков этой игры: напишите { $keys }.
tour-scoring-number = `{ $word }`: напишите число, например win=1 или half=0.5.
tour-scoring-twice = `{ $word }` указан дважды: напишите один раз.
tour-thread-name = Т{ $round } П{ $game }: { $names }
tour-no-threads = Мне не удалось открыть тему для партии { $game } тура { $round } (есть ли у меня право управлять темами или создавать ветки?). Теперь партии турнира идут в этом чате и в чатах, добавленных командой /tournament host, по одной.
tour-export-player = Вы играете в идущей партии этого турнира, а в выгрузке её тайны. Выгрузить турнир может директор или админ, который не играет.
tour-export-sent = Турнир #{ $id } файлом, вместе с идущими партиями. В нём их тайны: не показывайте его никому. Чтобы продолжить турнир в другом месте, админ пишет /import в группе там и присылает мне этот файл в личку. Рейтинги остаются здесь.
tour-export-done = { $name }, я прислал вам турнир в личку.
tour-import-busy = В этой группе уже открыт турнир: он должен закончиться (или быть отменён), прежде чем придёт другой.
tour-imported = Турнир #{ $id } загружен и продолжается в группе.
tour-imported-group = Турнир #{ $id } перенесён сюда из другой установки и продолжается. Идущие партии продолжаются там, где об этом сказано; /standings покажет положение.
tour-where-here = этом чате
tour-where-thread = «{ $thread }» в { $group }
