#!/usr/bin/env python3
"""Where #[derive(RowKey)]'s build cost goes: writes the expansion of the 50
structs of ../with-derive (from `rustc -Zunpretty=expanded`, on stdin) as
plain source with one kind of generated item removed or emptied, so that the
difference in rustc's instructions is that item's cost.

    python3 ablate.py NAME < expanded.rs > lib.rs
    python3 ablate.py --tokens < expanded.rs

NAME is one of ABLATIONS below. Used by ablate.sh, which measures each."""
import re
import sys


def items(block):
    """The items of one `const _: () = { .. };` block, as lists of lines
    (rustc's pretty printer puts them at an indent of 8)."""
    out, cur = [], []
    for line in block:
        starts = (re.match(r"^        \S", line) and not re.match(r"^        [}\])]", line)
                  and not line.startswith("        where"))
        if starts and not (cur and cur[-1].startswith("        #")):
            if cur:
                out.append(cur)
            cur = [line]
        else:
            cur.append(line)
    if cur:
        out.append(cur)
    return out


def empty_body(text, marker):
    """`fn marker .. { .. }` with its body replaced by `loop {}`."""
    i = text.find(marker)
    if i < 0:
        return text
    j = text.find("{", i)
    depth, k = 0, j
    while True:
        depth += {"{": 1, "}": -1}.get(text[k], 0)
        if depth == 0:
            break
        k += 1
    return text[:j] + "{ loop {} }" + text[k + 1:]


def scan_methods(text):
    """The scan builder's per-field methods (its `ranges` stays)."""
    if "pub fn ranges(self)" not in text:
        return text
    return text.split('            #[doc = "Scans on')[0].rstrip() + "\n        }"


def match_returns(text):
    """Each `expr?;` statement of a body written as a `match` (or `if let`)
    with an early return instead."""
    if "?;" not in text:
        return text
    done = []
    for line in text.split("\n"):
        done.append(line)
        if not line.rstrip().endswith("?;"):
            continue
        # Back to the statement's first line, at a body's indent of 16.
        j = len(done) - 1
        while not re.match(r"^                \S", done[j]):
            j -= 1
        stmt = "\n".join(done[j:]).rstrip()[:-2]
        m = re.match(r"(\s*)let (mut \w+|\w+|\([^)]*\)) =(.*)$", stmt, flags=re.S)
        if m:
            new = (f"{m.group(1)}let {m.group(2)} = match ({m.group(3)}) {{ __rowkey::Ok(v) => v, "
                   f"__rowkey::Err(e) => return __rowkey::Err(e) }};")
        else:
            new = f"if let __rowkey::Err(e) = ({stmt}) {{ return __rowkey::Err(e); }}"
        done = done[:j] + new.split("\n")
    return "\n".join(done)


class MergeInherent:
    """The key's inherent `impl` blocks as one, emitted before its `Walk`
    impl (the block's last item)."""

    def __init__(self):
        self.held = {}

    def __call__(self, text):
        m = re.match(r"\s*impl(?:<'(\w+)>)? (Key\d+)(?:<'(\w+)>)? \{\n(.*)\n        \}\s*$", text, flags=re.S)
        if m:
            param, name, of_type, body = m.groups()
            if of_type and of_type != "a":
                body = re.sub("'" + of_type + r"\b", "'a", body)
            # A key without lifetimes: its decode functions' lifetime is
            # the impl's own parameter, kept for the merged block.
            self.held.setdefault((name, bool(of_type)), []).append(body)
            return ""
        if ("__rowkey::Walk<" in text or "__private::Walk<" in text) and text.lstrip().startswith(("#", "impl")):
            out = []
            for (name, lifetime), bodies in self.held.items():
                head = f"        impl<'a> {name}<'a> {{" if lifetime else f"        impl<'__rowkey_de> {name} {{"
                out.append(head + "\n" + "\n".join(bodies) + "\n        }")
            self.held = {}
            return "\n".join(out + [text])
        return text


ABLATIONS = {
    "expanded": lambda t: t,
    "no_scan_methods": scan_methods,
    "empty_decode_walk": lambda t: empty_body(t, "fn __rowkey_read"),
    "empty_encode": lambda t: empty_body(empty_body(t, "fn encode_into"), "fn encoded_len"),
    "no_layout_fields": lambda t: re.sub(r"fields: &\[__rowkey::layout_field.*?\)\],\n",
                                         r"fields: &[],\n", t, flags=re.S),
    "match_returns": match_returns,
    "merge_inherent": MergeInherent(),
}


def tokens(text):
    """Tokens per struct of an expansion: those inside its `const _` blocks
    (a derive's output), over 50, with a tokenizer good enough for counting."""
    blocks = re.findall(r"\nconst _: \(\) =\n    \{\n(.*?)\n    \};", text, flags=re.S)
    tok = re.compile(r"'[a-zA-Z_]\w*|b?\"(?:[^\"\\]|\\.)*\"|b'(?:[^'\\]|\\.)'|[A-Za-z_]\w*|\d\w*|::|->|=>|[^\s\w]")
    return sum(len(tok.findall(b)) for b in blocks) / 50


def main():
    name = sys.argv[1]
    if name == "--tokens":
        print(f"{tokens(sys.stdin.read()):.0f} tokens per struct")
        return
    lines = sys.stdin.read().split("\n")
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("const _: () ="):
            k = i + 2
            while lines[k] != "    };":
                k += 1
            out += lines[i:i + 2]
            for item in items(lines[i + 2:k]):
                kept = ABLATIONS[name]("\n".join(item))
                if kept:
                    out += kept.split("\n")
            out.append("    };")
            i = k + 1
        else:
            out.append(line)
            i += 1
    text = "\n".join(out)
    # The derive's inert attributes stay on the fields after expansion; the
    # pretty printer's prelude lines need a nightly feature.
    text = re.sub(r"^\s*#\[(pad|salt|bucket|reverse_ts|reverse|twos_complement|delim|rowkey)\b[^\n]*\]\n",
                  "", text, flags=re.M)
    for drop in ("#![feature(prelude_import)]\n", "extern crate std;\n", "#[prelude_import]\n",
                 "use std::prelude::rust_2021::*;\n"):
        text = text.replace(drop, "", 1)
    sys.stdout.write(text.replace("#![allow(dead_code)]", "#![allow(dead_code, warnings)]", 1))


if __name__ == "__main__":
    main()
