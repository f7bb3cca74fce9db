#!/usr/bin/env python3
"""List the Rust functions longer than a limit (default 80 lines, signature to closing
brace), the check of ARCHITECTURE.md's rule "no function over 80 lines in `resolution`
and `adams`". Test modules (`#[cfg(test)]`) and files under tests/ are skipped
unless --tests is given. Exit 1 when one is found that is not listed in the exceptions
file scripts/long-functions.allow (lines `path::name  # why`).

Usage: scripts/long-functions.py [--limit N] [--tests] [CRATE_DIR ...]
       (default: crates/resolution crates/chart crates/adams)
"""
import os
import re
import sys

FN = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+\"[^\"]*\"\s+)?fn\s+(\w+)")


def strip_strings_and_comments(line, in_block):
    """The line without comments, string and char literals (braces inside them do not
    count); `in_block` is whether a /* comment is open."""
    out = []
    i = 0
    while i < len(line):
        if in_block:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out), True
            i = end + 2
            in_block = False
            continue
        c = line[i]
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            in_block = True
            i += 2
            continue
        if c == '"':
            j = i + 1
            while j < len(line) and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            i = j + 1
            continue
        if c == "'" and re.match(r"'(\\.|[^\\'])'", line[i:]):
            i += len(re.match(r"'(\\.|[^\\'])'", line[i:]).group(0))
            continue
        out.append(c)
        i += 1
    return "".join(out), in_block


def functions(path):
    """(name, first line, length) of every fn with a body in `path`, test modules skipped."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    found = []
    in_block = False
    depth = 0
    open_fns = []  # (name, start line, depth at which its body opened)
    pending = None  # a fn signature whose body brace has not come yet
    skip_depth = None  # depth of a #[cfg(test)] module being skipped
    cfg_test = False
    for n, raw in enumerate(lines, 1):
        code, in_block = strip_strings_and_comments(raw, in_block)
        if skip_depth is None and re.match(r"\s*#\[cfg\(test\)\]", code):
            cfg_test = True
        m = FN.match(code)
        if m and skip_depth is None:
            pending = (m.group(7), n)
        if cfg_test and re.match(r"\s*(pub\s+)?mod\s+\w+\s*\{", code):
            skip_depth = depth
            cfg_test = False
        for ch in code:
            if ch == "{":
                if pending is not None:
                    open_fns.append((pending[0], pending[1], depth))
                    pending = None
                depth += 1
            elif ch == "}":
                depth -= 1
                if open_fns and open_fns[-1][2] == depth:
                    name, start, _ = open_fns.pop()
                    found.append((name, start, n - start + 1))
                if skip_depth is not None and depth == skip_depth:
                    skip_depth = None
            elif ch == ";" and pending is not None and not open_fns:
                pending = None  # a declaration without a body (trait method)
    return found


def main(argv):
    limit = 80
    tests = False
    dirs = []
    args = iter(argv)
    for a in args:
        if a == "--limit":
            limit = int(next(args))
        elif a == "--tests":
            tests = True
        else:
            dirs.append(a)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    os.chdir(root)
    dirs = dirs or ["crates/resolution", "crates/chart", "crates/adams"]
    allow = {}
    allow_file = "scripts/long-functions.allow"
    if os.path.exists(allow_file):
        for line in open(allow_file, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                key, _, why = line.partition("#")
                allow[key.strip()] = why.strip()
    bad = 0
    for d in dirs:
        for base, _, files in os.walk(d):
            parts = base.split(os.sep)
            if not tests and ("tests" in parts or "benches" in parts or "examples" in parts):
                continue
            for f in sorted(files):
                if not f.endswith(".rs"):
                    continue
                path = os.path.join(base, f)
                for name, start, length in functions(path):
                    if length <= limit:
                        continue
                    key = f"{path}::{name}"
                    if key in allow:
                        print(f"{path}:{start}: {name}: {length} lines (allowed: {allow[key]})")
                    else:
                        print(f"{path}:{start}: {name}: {length} lines")
                        bad += 1
    if bad:
        print(f"{bad} function(s) over {limit} lines", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
