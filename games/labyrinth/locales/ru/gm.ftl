# Messages of the `gm` command line (ru).
gm-generated = Составлен лабиринт { $size } из зерна { $seed }; то же зерно даёт тот же лабиринт.
gm-rendered = Картинка записана в { $file }.
gm-cannot-read = Не удалось прочитать { $file }: { $reason }.
gm-cannot-write = Не удалось записать { $file }: { $reason }.
gm-bad-rules = { $reason }
