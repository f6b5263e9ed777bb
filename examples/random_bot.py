#!/usr/bin/env python3
"""A bot for Okey's line protocol (docs/PROTOCOL.md) that plays a random legal action.

The starting point for a bot of your own: it reads one JSON object a line on standard input,
answers each "decide" with one action on standard output, and needs nothing beyond Python's
standard library. It works for both games (Düz and 101): the actions it answers are taken
from the "legal" list the referee sends, so it never needs to know their form.

    okey arena --seats external,easy,easy,easy --external 'python3 examples/random_bot.py'
    okey arena --variant 101 --seats external,easy --external 'python3 examples/random_bot.py'
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            # The seed makes a run repeat exactly; "seat", "variant" and "rules" say where
            # and what the bot plays.
            rng = random.Random(message["seed"])
        elif kind == "decide":
            # "view" is the seat's view; "refused" says why the last answer was refused.
            action = rng.choice(message["legal"])
            sys.stdout.write(json.dumps(action) + "\n")
            sys.stdout.flush()
        # "observe" (a view after each action) and "end" (the scores) need no answer.


if __name__ == "__main__":
    main()
