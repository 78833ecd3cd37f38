#!/usr/bin/env python3
"""A match between two Universal Hive Protocol engines, each in its own process.

Used to measure the bot (`gm hive uhp`) against nokamute (built from its source outside the
repository). Each opening is played twice, colours swapped: a few random plies chosen by a
seeded generator from the legal moves, then the engines alternate, each given the same time a
move. The game ends when either engine's GameString says so (nokamute ends a game drawn by a
position repeated three times, which the rule book does not know); a game unfinished after
--max-plies plies counts as a draw.

    docs/hive-match.py --games 40 --seconds 0.1 --game-type Base \\
        --a "target/release/gm hive uhp" --b "nokamute uhp"

Prints one line per game and the score of engine A (wins plus half the draws).
"""

import argparse
import random
import shlex
import subprocess
import sys
import time


class Engine:
    """A UHP engine in its own process: commands in, lines up to `ok` out."""

    def __init__(self, command, time_word):
        self.proc = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.time_word = time_word
        self.read()  # the greeting: info

    def read(self):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.rstrip("\n")
            if line == "ok":
                return lines
            lines.append(line)

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.read()

    def bestmove(self, seconds):
        if self.time_word == "seconds":
            return self.ask(f"bestmove seconds {seconds}")[-1]
        whole = int(seconds)
        frac = seconds - whole
        return self.ask(
            f"bestmove time 00:00:{whole:02d}{str(round(frac, 3))[1:] if frac else ''}"
        )[-1]

    def close(self):
        try:
            self.ask("exit")
        except Exception:
            pass
        self.proc.kill()


def state_of(gamestring):
    return gamestring.split(";")[1]


def play_game(a, b, a_is_white, game_type, opening, seconds, max_plies):
    """Plays one game; returns 1 if A wins, 0 if B wins, 0.5 for a draw, and the plies."""
    start = f"{game_type}"
    for e in (a, b):
        e.ask(f"newgame {start}")
    gamestring = None
    for mv in opening:
        for e in (a, b):
            gamestring = e.ask(f"play {mv}")[-1]
    plies = len(opening)
    while True:
        state = state_of(gamestring) if gamestring else "NotStarted"
        if state in ("WhiteWins", "BlackWins", "Draw"):
            if state == "Draw":
                return 0.5, plies, "draw"
            white_won = state == "WhiteWins"
            return (1.0 if white_won == a_is_white else 0.0), plies, state
        if plies >= max_plies:
            return 0.5, plies, "move cap"
        white_to_move = plies % 2 == 0
        mover, other = (a, b) if white_to_move == a_is_white else (b, a)
        mv = mover.bestmove(seconds)
        answer = mover.ask(f"play {mv}")[-1]
        if answer.startswith("invalidmove") or answer.startswith("err"):
            loser_is_a = mover is a
            return (0.0 if loser_is_a else 1.0), plies, f"illegal {mv}: {answer}"
        other_answer = other.ask(f"play {mv}")[-1]
        if other_answer.startswith("invalidmove") or other_answer.startswith("err"):
            raise RuntimeError(f"engines disagree on {mv}: {other_answer}")
        # Either engine may end the game: nokamute also calls a position seen three times a
        # draw, which the rule book does not (the bot scores such a line as a draw too).
        gamestring = answer if state_of(answer) != "InProgress" else other_answer
        plies += 1


def random_opening(engine, game_type, rng, plies):
    engine.ask(f"newgame {game_type}")
    moves = []
    for _ in range(plies):
        valid = engine.ask("validmoves")[-1].split(";")
        mv = rng.choice(valid)
        engine.ask(f"play {mv}")
        moves.append(mv)
    return moves


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--a", required=True, help="engine A's command")
    p.add_argument("--b", required=True, help="engine B's command")
    p.add_argument("--a-time", default="time", choices=["time", "seconds"])
    p.add_argument("--b-time", default="seconds", choices=["time", "seconds"])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seconds", type=float, default=0.1)
    p.add_argument("--game-type", default="Base")
    p.add_argument("--opening-plies", type=int, default=4)
    p.add_argument("--max-plies", type=int, default=200)
    p.add_argument("--seed", type=int, default=35)
    args = p.parse_args()
    a = Engine(args.a, args.a_time)
    b = Engine(args.b, args.b_time)
    rng = random.Random(args.seed)
    score = 0.0
    started = time.time()
    opening = None
    for g in range(args.games):
        if g % 2 == 0:
            opening = random_opening(a, args.game_type, rng, args.opening_plies)
        a_is_white = g % 2 == 0
        result, plies, how = play_game(
            a, b, a_is_white, args.game_type, opening, args.seconds, args.max_plies
        )
        score += result
        print(
            f"game {g + 1}: A {'white' if a_is_white else 'black'}, opening {';'.join(opening)}: "
            f"{result} ({how}, {plies} plies); A {score}/{g + 1}",
            flush=True,
        )
    print(
        f"{args.game_type}, {args.seconds} s a move: A scored {score}/{args.games} "
        f"= {100 * score / args.games:.1f} % in {time.time() - started:.0f} s"
    )
    a.close()
    b.close()


if __name__ == "__main__":
    sys.exit(main())
