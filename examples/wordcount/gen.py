#!/usr/bin/env python3
"""gen.py SIZE_MB OUT -- a deterministic English-like text of SIZE_MB MiB:
lines of 5 to 15 words drawn from 50,000 made-up words with a Zipf-like
distribution, so a few words are very common and most are rare."""
import random
import sys

size = int(float(sys.argv[1]) * 1024 * 1024)
rng = random.Random(2026)
letters = "etaoinshrdlucmfwypvbgkqjxz"
vocab = sorted({"".join(rng.choice(letters[: 8 + i % 18]) for i in range(rng.randint(1, 10)))
                for _ in range(60000)})[:50000]
rng.shuffle(vocab)
weights = [1.0 / (r + 1) for r in range(len(vocab))]
with open(sys.argv[2], "w") as f:
    written = 0
    while written < size:
        words = rng.choices(vocab, weights, k=4096)
        out, i = [], 0
        while i < len(words):
            n = rng.randint(5, 15)
            out.append(" ".join(words[i:i + n]))
            i += n
        chunk = "\n".join(out) + "\n"
        f.write(chunk)
        written += len(chunk)
