#!/usr/bin/env python3
"""Tests of scripts/check-size's function finder on small made-up sources (run by ctest)."""
import importlib.machinery
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
loader = importlib.machinery.SourceFileLoader("check_size", os.path.join(HERE, "check-size"))
spec = importlib.util.spec_from_loader("check_size", loader)
check_size = importlib.util.module_from_spec(spec)
loader.exec_module(check_size)


def body(lines, extra=""):
    return extra + "".join(f"    x += {i};\n" for i in range(lines))


def found(source, limit=10):
    return [(first, count, name) for first, count, name in
            check_size.long_functions("harness/x.cpp", source, limit)]


class FunctionFinderTest(unittest.TestCase):
    def test_lists_a_long_free_function_with_its_first_line_and_length(self):
        source = "#include <x>\nnamespace a {\n\nint f(int x) {\n" + body(10) + "}\n}\n"
        self.assertEqual(found(source), [(4, 12, "f")])

    def test_a_function_at_the_limit_passes(self):
        self.assertEqual(found("void f() {\n" + body(8) + "}\n"), [])

    def test_step_comments_do_not_excuse_a_long_function(self):
        for steps in range(4):
            marked = "void f() {\n" + "".join(
                f"    // Step {k + 1}. Do.\n" + body(4) for k in range(steps)) + body(10) + "}\n"
            self.assertEqual(found(marked), [(1, 12 + 5 * steps, "f")])

    def test_a_function_that_only_builds_and_returns_a_table_passes(self):
        table = ("const std::vector<int>& table() {\n    static const std::vector<int> t = {\n" +
                 "        1,\n" * 20 + "    };\n    return t;\n}\n")
        self.assertEqual(found(table), [])
        self.assertEqual(len(found(table.replace("return t;", "use(t);\n    return t;"))), 1)

    def test_finds_methods_in_classes_and_constructors_with_initialisers(self):
        source = ("class C {\n  public:\n    void m() const {\n" + body(12) + "    }\n};\n"
                  "C::C(int a)\n    : a_(a), b_{a} {\n" + body(12) + "}\n")
        self.assertEqual([name for _, _, name in found(source)], ["m", "C::C"])

    def test_blocks_and_lambdas_belong_to_their_function(self):
        inner = "    if (x) {\n" + body(4) + "    }\n    auto g = [&](int y) {\n" + body(4) + "    };\n"
        self.assertEqual(found("void f() {\n" + inner + "}\n", limit=13), [(1, 14, "f")])

    def test_braces_in_strings_comments_and_tables_do_not_count(self):
        source = ('const int TABLE[] = {\n' + "1,\n" * 20 + "};\n"
                  'void f() {\n    s = "{{{";\n    // }\n    c = \'}\';\n}\n')
        self.assertEqual(found(source), [])

    def test_tests_mocks_and_other_rooms_are_not_production(self):
        self.assertTrue(check_size.is_production("harness/store/store.cpp"))
        self.assertFalse(check_size.is_production("harness/store/store_test.cpp"))
        self.assertFalse(check_size.is_production("harness/testing/mock_engine.cpp"))
        self.assertFalse(check_size.is_production("harness/xboard/mock_xboard_engine.cpp"))
        self.assertFalse(check_size.is_production("scripts/x.cpp"))
        self.assertFalse(check_size.is_production("harness/uci/uci_lines_fuzz.cpp"))


if __name__ == "__main__":
    unittest.main()
