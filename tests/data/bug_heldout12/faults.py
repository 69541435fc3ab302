"""The table of bug_heldout12: the pinned packages, the faults injected into them (one fault = one group) and which
test of the package's own suite is which run."""

from __future__ import annotations

from fault_runner import Fault, Package, Run

IDNA = Package("idna", "idna", "3.7", ".", "BSD-3-Clause")
RFC3986 = Package("rfc3986", "rfc3986", "2.0.0", "src", "Apache-2.0")
SEMVER = Package("semantic_version", "semantic_version", "2.10.0", ".", "BSD-2-Clause")
TERMCOLOR = Package("termcolor", "termcolor", "2.4.0", "src", "MIT")
SIX = Package("six", "six", "1.16.0", ".", "MIT")
WEBCOLORS = Package("webcolors", "webcolors", "1.13", "src", "BSD-3-Clause")
PACKAGES = [IDNA, RFC3986, SEMVER, SIX, TERMCOLOR, WEBCOLORS]

IC = "idna/core.py"
RN = "src/rfc3986/normalizers.py"
SB = "semantic_version/base.py"
TC = "src/termcolor/termcolor.py"
SX = "six.py"
WN = "src/webcolors/normalization.py"
WC = "src/webcolors/conversion.py"

FAULTS = {
    f.name: f
    for f in [
        Fault(
            "idna_punycode_error_type",
            IDNA,
            IC,
            "        label = label_bytes.decode('punycode')\n    except UnicodeError:",
            "        label = label_bytes.decode('punycode')\n    except UnicodeDecodeError:",
            "wrong exception type caught",
        ),
        Fault(
            "idna_label_length_off_by_one",
            IDNA,
            IC,
            "    if len(label) > 63:",
            "    if len(label) >= 63:",
            "off-by-one",
        ),
        Fault(
            "rfc3986_dot_segments_pop_empty",
            RFC3986,
            RN,
            "        elif output:\n            output.pop()",
            "        else:\n            output.pop()",
            "missing empty check",
        ),
        Fault(
            "rfc3986_percent_encoding_lowercase",
            RFC3986,
            RN,
            '        encoded_uri.extend(f"%{byte_ord:02x}".encode().upper())',
            '        encoded_uri.extend(f"%{byte_ord:02x}".encode())',
            "case of escapes",
        ),
        Fault(
            "rfc3986_scheme_not_lowercased",
            RFC3986,
            RN,
            "    return scheme.lower()",
            "    return scheme",
            "missing case normalisation",
        ),
        Fault(
            "semver_prerelease_numeric_as_text",
            SEMVER,
            SB,
            "                NumericIdentifier(part) if part.isdigit() else AlphaIdentifier(part)\n"
            "                for part in self.prerelease\n",
            "                AlphaIdentifier(part)\n                for part in self.prerelease\n",
            "wrong comparison type",
        ),
        Fault(
            "semver_coerce_zero_component_empty",
            SEMVER,
            SB,
            "            part.lstrip('0') or '0'\n",
            "            part.lstrip('0')\n",
            "missing default",
        ),
        Fault(
            "semver_coerce_pad_off_by_one",
            SEMVER,
            SB,
            "            while version.count('.') < 2:",
            "            while version.count('.') < 1:",
            "off-by-one",
        ),
        Fault(
            "semver_next_patch_prerelease_bumped",
            SEMVER,
            SB,
            "    def next_patch(self):\n        if self.prerelease:\n            return Version(\n"
            "                major=self.major,\n                minor=self.minor,\n                patch=self.patch,\n",
            "    def next_patch(self):\n        if self.prerelease:\n            return Version(\n"
            "                major=self.major,\n                minor=self.minor,\n"
            "                patch=self.patch + 1,\n",
            "wrong branch value",
        ),
        Fault(
            "termcolor_highlight_looked_up_in_colors",
            TERMCOLOR,
            TC,
            "        result = fmt_str % (HIGHLIGHTS[on_color], result)",
            "        result = fmt_str % (COLORS[on_color], result)",
            "wrong lookup table",
        ),
        Fault(
            "termcolor_env_precedence_swapped",
            TERMCOLOR,
            TC,
            '    if "NO_COLOR" in os.environ:\n        return False\n    if "FORCE_COLOR" in os.environ:\n'
            "        return True\n",
            '    if "FORCE_COLOR" in os.environ:\n        return True\n    if "NO_COLOR" in os.environ:\n'
            "        return False\n",
            "swapped precedence",
        ),
        Fault(
            "webcolors_short_hex_not_expanded",
            WEBCOLORS,
            WN,
            '        hex_digits = "".join(2 * s for s in hex_digits)',
            '        hex_digits = "".join(s for s in hex_digits)',
            "lost expansion",
        ),
        Fault(
            "webcolors_percent_truncated",
            WEBCOLORS,
            WN,
            '    return int(round(float(percent.split("%")[0]) / 100 * 255))',
            '    return int(float(percent.split("%")[0]) / 100 * 255)',
            "rounding",
        ),
        Fault(
            "webcolors_hex_lookup_not_normalized",
            WEBCOLORS,
            WC,
            '    name = getattr(constants, f"{spec.upper()}_HEX_TO_NAMES").get(\n'
            "        normalization.normalize_hex(hex_value)\n    )",
            '    name = getattr(constants, f"{spec.upper()}_HEX_TO_NAMES").get(hex_value)',
            "missing normalisation before lookup",
        ),
        Fault(
            "six_b_ascii_codec",
            SIX,
            SX,
            '        return s.encode("latin-1")',
            '        return s.encode("ascii")',
            "wrong encoding",
        ),
        Fault(
            "six_add_metaclass_slots_kept",
            SIX,
            SX,
            "            for slots_var in slots:\n                orig_vars.pop(slots_var)\n",
            "",
            "lost cleanup",
        ),
        Fault(
            "idna_hyphen_position_off_by_one",
            IDNA,
            IC,
            "    if label[2:4] == '--':",
            "    if label[1:3] == '--':",
            "off-by-one",
        ),
        Fault(
            "semver_caret_major_zero_truthiness",
            SEMVER,
            SB,
            "                # Accept anything with the same most-significant digit\n                if target.major:",
            "                # Accept anything with the same most-significant digit\n"
            "                if target.major is not None:",
            "None check instead of zero check",
        ),
        Fault(
            "six_moved_attribute_old_name_ignored",
            SIX,
            SX,
            "                if old_attr is None:\n                    new_attr = name\n                else:\n"
            "                    new_attr = old_attr\n",
            "                new_attr = name\n",
            "wrong fallback",
        ),
    ]
}

F = FAULTS
IT = "tests/test_idna.py::IDNATests::"
IK = "tests/test_idna_codec.py::IDNACodecTests::"
TT = "tests/test_termcolor.py::"
WT = "tests/test_conversion.py::"
RUNS = [
    Run(F["idna_punycode_error_type"], IT + "test_decode", "UnicodeError", "idna.decode of malformed A-labels"),
    Run(F["idna_punycode_error_type"], IK + "testDirectDecode", "UnicodeError", "codecs.decode(..., 'idna2008')"),
    Run(F["idna_punycode_error_type"], IK + "testIndirectDecode", "UnicodeError", "bytes.decode('idna2008')"),
    Run(F["idna_punycode_error_type"], IK + "testStreamReader", "UnicodeError", "the idna2008 stream reader"),
    Run(F["idna_label_length_off_by_one"], IT + "test_encode", "IDNAError", "idna.encode of a 63-character label"),
    Run(F["idna_label_length_off_by_one"], IT + "test_valid_label_length", "AssertionError", "valid_label_length"),
    Run(F["idna_label_length_off_by_one"], IK + "testDirectEncode", "IDNAError", "codecs.encode(..., 'idna2008')"),
    Run(F["idna_label_length_off_by_one"], IK + "testIndirectEncode", "IDNAError", "str.encode('idna2008')"),
    Run(F["idna_label_length_off_by_one"], IK + "testStreamWriter", "IDNAError", "the idna2008 stream writer"),
    Run(F["idna_hyphen_position_off_by_one"], IT + "test_check_hyphen_ok", "IDNAError", "check_hyphen_ok"),
    Run(
        F["rfc3986_dot_segments_pop_empty"],
        "tests/test_normalizers.py::test_remove_dot_segments[path_fixture6]",
        "IndexError",
        "remove_dot_segments of a path climbing above the root",
    ),
    Run(
        F["rfc3986_dot_segments_pop_empty"],
        "tests/test_normalizers.py::test_normalized_equality[uris6]",
        "IndexError",
        "URIReference equality after normalisation",
    ),
    Run(
        F["rfc3986_percent_encoding_lowercase"],
        "tests/test_iri.py::test_iri_equality_special_cases",
        "AssertionError",
        "IRI to URI encoding compared with a literal",
    ),
    Run(F["rfc3986_scheme_not_lowercased"], "tests/test_api.py::test_normalize_uri", "AssertionError", "normalize_uri"),
    Run(
        F["rfc3986_scheme_not_lowercased"],
        "tests/test_builder.py::test_add_scheme[HTTPS]",
        "AssertionError",
        "URIBuilder.add_scheme",
    ),
    Run(
        F["rfc3986_scheme_not_lowercased"],
        "tests/test_normalizers.py::test_normalize_scheme",
        "AssertionError",
        "normalize_scheme",
    ),
    Run(
        F["rfc3986_scheme_not_lowercased"],
        "tests/test_parseresult.py::test_from_parts[parts3-https://httpbin.org]",
        "AssertionError",
        "ParseResult.from_parts",
    ),
    Run(
        F["rfc3986_scheme_not_lowercased"],
        "tests/test_uri.py::TestURIReferencesResolve::test_uri_with_just_scheme_resolves[HtTpS]",
        "AssertionError",
        "resolve_with against a scheme-only base",
    ),
    Run(
        F["semver_prerelease_numeric_as_text"],
        "tests/test_parsing.py::ComparisonTestCase::test_comparisons",
        "AssertionError",
        "ordering of a version table",
    ),
    Run(
        F["semver_prerelease_numeric_as_text"],
        "tests/test_spec.py::FormatTests::test_precedence",
        "AssertionError",
        "the SemVer spec's precedence chain",
    ),
    Run(
        F["semver_coerce_zero_component_empty"],
        "tests/test_base.py::CoerceTestCase::test_coerce",
        "ValueError",
        "Version.coerce of loose strings",
    ),
    Run(
        F["semver_coerce_pad_off_by_one"],
        "tests/test_base.py::CoerceTestCase::test_coerce",
        "ValueError",
        "Version.coerce of loose strings",
    ),
    Run(
        F["semver_next_patch_prerelease_bumped"],
        "tests/test_base.py::VersionTestCase::test_bump_prerelease_versions",
        "AssertionError",
        "next_patch of a prerelease",
    ),
    Run(
        F["semver_caret_major_zero_truthiness"],
        "tests/test_base.py::SpecItemTestCase::test_matches",
        "AssertionError",
        "SpecItem matching of a caret requirement",
    ),
    Run(
        F["six_moved_attribute_old_name_ignored"],
        "test_six.py::test_move_items[cStringIO]",
        "AttributeError",
        "six.moves.cStringIO",
    ),
    Run(
        F["six_moved_attribute_old_name_ignored"],
        "test_six.py::test_move_items[reload_module]",
        "AttributeError",
        "six.moves.reload_module",
    ),
    Run(
        F["six_moved_attribute_old_name_ignored"],
        "test_six.py::test_move_items[shlex_quote]",
        "AttributeError",
        "six.moves.shlex_quote",
    ),
    Run(
        F["six_moved_attribute_old_name_ignored"],
        "test_six.py::TestCustomizedMoves::test_moved_attribute",
        "AssertionError",
        "a MovedAttribute added by the caller",
    ),
    Run(F["six_b_ascii_codec"], "test_six.py::test_b", "UnicodeEncodeError", "six.b of a non-ASCII literal"),
    Run(F["six_add_metaclass_slots_kept"], "test_six.py::test_add_metaclass", "ValueError", "add_metaclass with slots"),
    Run(F["termcolor_highlight_looked_up_in_colors"], TT + "test_sanity", "KeyError", "colored with every argument"),
    Run(
        F["termcolor_highlight_looked_up_in_colors"],
        TT + "test_on_color[on_red-\\x1b[41mtext\\x1b[0m]",
        "KeyError",
        "colored(on_color='on_red')",
    ),
    Run(
        F["termcolor_highlight_looked_up_in_colors"],
        TT + "test_on_color[on_white-\\x1b[107mtext\\x1b[0m]",
        "KeyError",
        "colored(on_color='on_white')",
    ),
    Run(
        F["termcolor_highlight_looked_up_in_colors"],
        TT + "test_on_color[on_light_blue-\\x1b[104mtext\\x1b[0m]",
        "KeyError",
        "colored(on_color='on_light_blue')",
    ),
    Run(
        F["termcolor_highlight_looked_up_in_colors"],
        TT + "test_on_color[on_dark_grey-\\x1b[100mtext\\x1b[0m]",
        "KeyError",
        "colored(on_color='on_dark_grey')",
    ),
    Run(
        F["termcolor_env_precedence_swapped"],
        TT + "test_environment_variables[None-None-test_env_vars4-False]",
        "AssertionError",
        "NO_COLOR and FORCE_COLOR both set",
    ),
    Run(
        F["webcolors_short_hex_not_expanded"], WT + "HexConversionTests::test_hex_to_name", "ValueError", "hex_to_name"
    ),
    Run(
        F["webcolors_short_hex_not_expanded"],
        WT + "HexConversionTests::test_hex_to_rgb",
        "AssertionError",
        "hex_to_rgb",
    ),
    Run(
        F["webcolors_short_hex_not_expanded"],
        WT + "HexConversionTests::test_hex_to_rgb_percent",
        "AssertionError",
        "hex_to_rgb_percent",
    ),
    Run(
        F["webcolors_short_hex_not_expanded"],
        "tests/test_html5.py::HTML5Tests::test_parse_legacy_color_hex",
        "AssertionError",
        "html5_parse_legacy_color",
    ),
    Run(
        F["webcolors_short_hex_not_expanded"],
        "tests/test_normalization.py::NormalizationTests::test_normalize_hex",
        "AssertionError",
        "normalize_hex",
    ),
    Run(
        F["webcolors_percent_truncated"],
        WT + "PercentRGBConversionTests::test_rgb_percent_to_hex",
        "AssertionError",
        "rgb_percent_to_hex",
    ),
    Run(
        F["webcolors_percent_truncated"],
        WT + "PercentRGBConversionTests::test_rgb_percent_to_name",
        "ValueError",
        "rgb_percent_to_name",
    ),
    Run(
        F["webcolors_percent_truncated"],
        WT + "PercentRGBConversionTests::test_rgb_percent_to_rgb",
        "AssertionError",
        "rgb_percent_to_rgb",
    ),
    Run(
        F["webcolors_percent_truncated"],
        WT + "ConversionTests::test_spelling_variants",
        "ValueError",
        "grey/gray spellings through percent triplets",
    ),
    Run(
        F["webcolors_hex_lookup_not_normalized"],
        WT + "HexConversionTests::test_hex_to_name",
        "ValueError",
        "hex_to_name",
    ),
]
