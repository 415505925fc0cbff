#!/usr/bin/env python3
"""check_grammar.py GRAMMAR DIR...: checks the TextMate grammar against real
programs. Every regular expression must compile; in every .asp file under
the directories, each occurrence of the language's own words (Module, flow:,
|||, send, dequeue, getPayload, Reduce, Broadcast, place ... on, Input/Output
Queue is) must be matched by a rule that gives it a keyword-like scope, and
comments must be scoped as comments. Prints a summary; exits 1 on a miss.
"""
import json
import os
import re
import sys

WORDS = [r"\bModule\b", r"\bflow\s*:", r"\|\|\|", r"\bsend\b", r"\bdequeue\b",
         r"\bgetPayload\b", r"\bReduce\b", r"\bBroadcast\b", r"\brequires\b",
         r"\bQueue\s+is\b"]
SCOPES = ("keyword", "storage", "support", "entity")


def rules(node, out):
    if isinstance(node, dict):
        if "match" in node:
            out.append((re.compile(node["match"].replace("\\h", "[0-9A-Fa-f]")),
                        node.get("name", ""), node.get("captures", {})))
        for k in ("begin", "end"):
            if k in node:
                re.compile(node[k])
        for v in node.values():
            rules(v, out)
    elif isinstance(node, list):
        for v in node:
            rules(v, out)


def covered(rules_, line, start, end):
    for rx, name, caps in rules_:
        for m in rx.finditer(line):
            spans = []
            if any(s in name for s in SCOPES):
                spans.append((m.start(), m.end()))
            for g, c in caps.items():
                if any(s in c.get("name", "") for s in SCOPES) and m.group(int(g)) is not None:
                    spans.append((m.start(int(g)), m.end(int(g))))
            if any(a <= start and end <= b for a, b in spans):
                return True
    return False


def main():
    grammar = json.load(open(sys.argv[1]))
    assert grammar["scopeName"] == "source.aspen" and "asp" in grammar["fileTypes"]
    rs = []
    rules(grammar, rs)
    comment = re.compile(grammar["repository"]["comments"]["patterns"][0]["match"])
    files = checked = misses = 0
    for d in sys.argv[2:]:
        for root, _, names in os.walk(d):
            for n in sorted(names):
                if not n.endswith(".asp"):
                    continue
                files += 1
                for i, line in enumerate(open(os.path.join(root, n), errors="replace")):
                    code = line.split("//")[0]
                    if "//" in line and not comment.search(line):
                        print(f"{n}:{i + 1}: comment not scoped")
                        misses += 1
                    for w in WORDS:
                        for m in re.finditer(w, code):
                            checked += 1
                            if not covered(rs, line, m.start(), m.end()):
                                print(f"{n}:{i + 1}:{m.start() + 1}: '{m.group()}' not scoped: {line.rstrip()}")
                                misses += 1
    print(f"check_grammar: {len(rs)} rules, {files} files, {checked} words checked, {misses} missed")
    sys.exit(1 if misses or not files else 0)


if __name__ == "__main__":
    main()
