#!/usr/bin/env python3
"""Writes a Snowball stemmer as a script for the search page: js/search.js stems a query word
with the very algorithm the build's index used (libstemmer, text/stemmer.hpp), so "dispatching"
finds the episodes that say "dispatch".

Debian ships no Snowball compiler, but it ships what the compiler made of each algorithm twice,
from the same sources (the snowball 2.2.0 source package): the C in libstemmer, which the build
runs, and Python in python3-snowballstemmer. The Python stemmers use a small, fixed part of the
language (Snowball's generator writes the same shapes each time: labelled blocks as try/except,
gotos out of them as `raise`), so this translates them statement by statement into JavaScript,
after the runtime in snowball_runtime.js. Anything outside that shape stops the build with the
line it met, rather than making a stemmer that stems differently.

Usage: snowball_js.py RUNTIME.js SOURCE_stemmer.py OUTPUT.js
"""
import ast
import json
import sys


class Unsupported(Exception):
    pass


COMPARE = {ast.Eq: "===", ast.NotEq: "!==", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
BINARY = {ast.Add: "+", ast.Sub: "-"}


def method_name(name):
    """Snowball's private routines (`__r_x`, and `_Class__r_x` as among tables name them) are
    plain methods here."""
    if name.startswith("_") and "__r_" in name:
        return "r_" + name.split("__r_", 1)[1]
    return name


class Translator:
    def __init__(self, class_name, tables):
        self.class_name = class_name
        self.tables = tables  # class attributes that are constant tables (among lists, groupings)

    def fail(self, node, what):
        raise Unsupported(f"line {getattr(node, 'lineno', '?')}: {what} ({ast.unparse(node)[:60]})")

    def expr(self, n):
        if isinstance(n, ast.Constant):
            if isinstance(n.value, bool):
                return "true" if n.value else "false"
            if n.value is None:
                return "null"
            if isinstance(n.value, (int, str)):
                return json.dumps(n.value)
            self.fail(n, "a constant of another type")
        if isinstance(n, ast.Name):
            if n.id in ("True", "False"):
                return n.id.lower()
            return n.id
        if isinstance(n, ast.Attribute):
            if isinstance(n.value, ast.Name) and n.value.id == "self":
                return "this." + method_name(n.attr)
            if isinstance(n.value, ast.Name) and n.value.id == self.class_name and n.attr in self.tables:
                return n.attr
            self.fail(n, "an attribute of something other than the stemmer")
        if isinstance(n, ast.Call):
            if n.keywords:
                self.fail(n, "keyword arguments")
            args = ", ".join(self.expr(a) for a in n.args)
            if isinstance(n.func, ast.Name) and n.func.id == "len" and len(n.args) == 1:
                return f"({args}).length"
            if isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) and n.func.value.id == "self":
                return f"{self.expr(n.func)}({args})"
            self.fail(n, "a call of something other than the stemmer's own routines")
        if isinstance(n, ast.UnaryOp):
            if isinstance(n.op, ast.Not):
                return f"!({self.expr(n.operand)})"
            if isinstance(n.op, ast.USub):
                return f"-({self.expr(n.operand)})"
            self.fail(n, "a unary operator")
        if isinstance(n, ast.BinOp) and type(n.op) in BINARY:
            return f"({self.expr(n.left)} {BINARY[type(n.op)]} {self.expr(n.right)})"
        if isinstance(n, ast.Compare) and len(n.ops) == 1 and type(n.ops[0]) in COMPARE:
            return f"({self.expr(n.left)} {COMPARE[type(n.ops[0])]} {self.expr(n.comparators[0])})"
        self.fail(n, "an expression")

    def statements(self, body, depth, labels, out):
        pad = "  " * depth
        for s in body:
            if isinstance(s, ast.Expr):
                if isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
                    continue  # a docstring
                out.append(f"{pad}{self.expr(s.value)};")
            elif isinstance(s, ast.Assign):
                if len(s.targets) != 1 or not isinstance(s.targets[0], (ast.Name, ast.Attribute)):
                    self.fail(s, "an assignment to several targets")
                out.append(f"{pad}{self.expr(s.targets[0])} = {self.expr(s.value)};")
            elif isinstance(s, ast.AugAssign) and type(s.op) in BINARY:
                out.append(f"{pad}{self.expr(s.target)} {BINARY[type(s.op)]}= {self.expr(s.value)};")
            elif isinstance(s, ast.Return):
                out.append(f"{pad}return{' ' + self.expr(s.value) if s.value else ''};")
            elif isinstance(s, ast.Pass):
                pass
            elif isinstance(s, ast.Break):
                out.append(f"{pad}break;")
            elif isinstance(s, ast.Continue):
                out.append(f"{pad}continue;")
            elif isinstance(s, ast.If):
                out.append(f"{pad}if ({self.expr(s.test)}) {{")
                self.statements(s.body, depth + 1, labels, out)
                if s.orelse:
                    out.append(f"{pad}}} else {{")
                    self.statements(s.orelse, depth + 1, labels, out)
                out.append(f"{pad}}}")
            elif isinstance(s, ast.While):
                if not (isinstance(s.test, ast.Constant) and s.test.value is True) or s.orelse:
                    self.fail(s, "a loop other than `while True`")
                out.append(f"{pad}while (true) {{")
                self.statements(s.body, depth + 1, labels, out)
                out.append(f"{pad}}}")
            elif isinstance(s, ast.Try):
                # `try: ... except labN: pass` is Snowball's labelled block; `raise labN()` leaves it.
                if len(s.handlers) != 1 or s.orelse or s.finalbody:
                    self.fail(s, "a try with other than one handler")
                handler = s.handlers[0]
                if not isinstance(handler.type, ast.Name) or not all(isinstance(b, ast.Pass) for b in handler.body):
                    self.fail(s, "a handler that does something")
                label = handler.type.id
                out.append(f"{pad}{label}: {{")
                self.statements(s.body, depth + 1, labels + [label], out)
                out.append(f"{pad}}}")
            elif isinstance(s, ast.Raise):
                exc = s.exc
                if not (isinstance(exc, ast.Call) and isinstance(exc.func, ast.Name) and exc.func.id in labels):
                    self.fail(s, "a raise that leaves no enclosing labelled block")
                out.append(f"{pad}break {exc.func.id};")
            else:
                self.fail(s, "a statement")

    def function(self, f):
        if f.args.args[1:] or f.args.vararg or f.args.kwarg or f.decorator_list:
            self.fail(f, "a routine with arguments")
        local = sorted({t.id for n in ast.walk(f) if isinstance(n, (ast.Assign, ast.AugAssign))
                        for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)})
        out = [f"Stemmer.prototype.{method_name(f.name)} = function () {{"]
        if local:
            out.append(f"  var {', '.join(local)};")
        self.statements(f.body, 1, [], out)
        out.append("};")
        return out


def among(call, translator):
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "Among"):
        translator.fail(call, "a table entry that is not an Among")
    args = [translator.expr(a) if not (i == 3 and isinstance(a, ast.Constant)) else json.dumps(method_name(a.value))
            for i, a in enumerate(call.args)]
    return f"new Among({', '.join(args)})"


def translate(source):
    tree = ast.parse(source)
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.bases
               and isinstance(n.bases[0], ast.Name) and n.bases[0].id == "BaseStemmer"]
    if len(classes) != 1:
        raise Unsupported("expected one class derived from BaseStemmer")
    cls = classes[0]
    tables = {n.targets[0].id for n in cls.body if isinstance(n, ast.Assign) and isinstance(n.value, ast.List)}
    t = Translator(cls.name, tables)
    out, fields, methods = [], [], []
    for n in cls.body:
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant):
            continue  # the class's docstring
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            name = n.targets[0].id
            if name in tables:
                items = n.value.elts
                if name.startswith("a_"):
                    out.append(f"var {name} = [\n  " + ",\n  ".join(among(a, t) for a in items) + "\n];")
                else:
                    out.append(f"var {name} = [{', '.join(t.expr(a) for a in items)}];")
            else:
                fields.append(f"  this.{name} = {t.expr(n.value)};")
        elif isinstance(n, ast.FunctionDef):
            methods.extend(t.function(n))
        else:
            t.fail(n, "a class member")
    out.append("function Stemmer() {\n  BaseStemmer.call(this);")
    out.extend(fields)
    out.append("}")
    out.append("Stemmer.prototype = Object.create(BaseStemmer.prototype);")
    out.extend(methods)
    return "\n".join(out)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    runtime_path, source_path, output_path = sys.argv[1:]
    with open(runtime_path, encoding="utf-8") as f:
        runtime = f.read()
    with open(source_path, encoding="utf-8") as f:
        source = f.read()
    first = source.splitlines()[0] if source else ""
    try:
        body = translate(source)
    except (Unsupported, SyntaxError) as e:
        sys.exit(f"{source_path}: {e}")
    text = (f"// Snowball's stemmer from {source_path.rsplit('/', 1)[-1]} ({first.lstrip('# ')}), written as\n"
            "// JavaScript by podarchive's src/search/snowball_js.py: the algorithm the search index used.\n"
            "(function () {\n\"use strict\";\n" + runtime + "\n" + body + "\n"
            "var stemmer = new Stemmer();\n"
            "self.podarchiveStem = function (word) { return stemmer.stemWord(word); };\n"
            "})();\n")
    with open(output_path, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
