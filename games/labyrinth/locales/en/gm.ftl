# Messages of the `gm` command line (en).
gm-generated = Generated a { $size } maze from seed { $seed }; the same seed gives the same maze.
gm-rendered = Wrote the picture to { $file }.
gm-cannot-read = Cannot read { $file }: { $reason }.
gm-cannot-write = Cannot write { $file }: { $reason }.
gm-bad-rules = { $reason }
