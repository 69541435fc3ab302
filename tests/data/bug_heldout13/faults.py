"""The injected faults of bug_heldout13 (one exact text replacement in one pure-Python module of CPython's standard
library) and the runs chosen for each (one test of CPython's own unittest suite). See README.md."""

from __future__ import annotations

from fault_runner import Fault, Run


def F(name: str, module: str, file: str, old: str, new: str, kind: str) -> Fault:
    return Fault(name, module, file, old, new, kind)


FAULTS = {
    f.name: f
    for f in [
        # textwrap
        F(
            "textwrap_hyphen_break_drops_hyphen",
            "textwrap",
            "textwrap.py",
            "end = hyphen + 1",
            "end = hyphen",
            "off-by-one",
        ),
        F(
            "textwrap_placeholder_fit_off_by_one",
            "textwrap",
            "textwrap.py",
            "cur_len + len(self.placeholder) <= width):",
            "cur_len + len(self.placeholder) < width):",
            "off-by-one",
        ),
        F(
            "textwrap_dedent_common_prefix_too_long",
            "textwrap",
            "textwrap.py",
            "margin = margin[:i]",
            "margin = margin[:i + 1]",
            "off-by-one",
        ),
        # fractions
        F(
            "fractions_sign_normalised_on_numerator",
            "fractions",
            "fractions.py",
            "if denominator < 0:",
            "if numerator < 0:",
            "wrong variable",
        ),
        F(
            "fractions_mod_denominators_swapped",
            "fractions",
            "fractions.py",
            "return Fraction((a.numerator * db) % (b.numerator * da), da * db)",
            "return Fraction((a.numerator * da) % (b.numerator * db), da * db)",
            "swapped operands",
        ),
        # statistics
        F(
            "statistics_median_low_takes_high",
            "statistics",
            "statistics.py",
            "return data[n // 2 - 1]",
            "return data[n // 2]",
            "off-by-one",
        ),
        F(
            "statistics_median_even_shifted",
            "statistics",
            "statistics.py",
            "return (data[i - 1] + data[i]) / 2",
            "return (data[i] + data[i + 1]) / 2",
            "off-by-one",
        ),
        F(
            "statistics_mode_wrong_exception_caught",
            "statistics",
            "statistics.py",
            "return pairs[0][0]\n    except IndexError:",
            "return pairs[0][0]\n    except KeyError:",
            "wrong exception type caught",
        ),
        # shlex
        F("shlex_quote_empty_not_quoted", "shlex", "shlex.py", "if not s:", "if s is None:", "missing empty check"),
        F(
            "shlex_quote_dot_unsafe",
            "shlex",
            "shlex.py",
            "r'[^\\w@%+=:,./-]'",
            "r'[^\\w@%+=:,/-]'",
            "wrong character class",
        ),
        # calendar
        F(
            "calendar_month_range_excludes_december",
            "calendar",
            "calendar.py",
            "if not 1 <= month <= 12:",
            "if not 1 <= month < 12:",
            "off-by-one",
        ),
        F(
            "calendar_isleap_and_for_or",
            "calendar",
            "calendar.py",
            "(year % 100 != 0 or year % 400 == 0)",
            "(year % 100 != 0 and year % 400 == 0)",
            "wrong boolean operator",
        ),
        # base64
        F(
            "base64_b16_casefold_lower",
            "base64",
            "base64.py",
            "    if casefold:\n        s = s.upper()\n    if re.search(b'[^0-9A-F]'",
            "    if casefold:\n        s = s.lower()\n    if re.search(b'[^0-9A-F]'",
            "wrong case conversion",
        ),
        F(
            "base64_b32_padding_six_rejected",
            "base64",
            "base64.py",
            "padchars not in {0, 1, 3, 4, 6}",
            "padchars not in {0, 1, 3, 4}",
            "incomplete table",
        ),
        # ipaddress
        F(
            "ipaddress_single_zero_hextet_compressed",
            "ipaddress",
            "ipaddress.py",
            "if best_doublecolon_len > 1:",
            "if best_doublecolon_len > 0:",
            "off-by-one",
        ),
        F(
            "ipaddress_hosts_include_network",
            "ipaddress",
            "ipaddress.py",
            "for x in range(network + 1, broadcast):",
            "for x in range(network, broadcast):",
            "off-by-one",
        ),
        # configparser
        F(
            "configparser_boolean_not_lowercased",
            "configparser",
            "configparser.py",
            "return self.BOOLEAN_STATES[value.lower()]",
            "return self.BOOLEAN_STATES[value]",
            "missing normalisation before lookup",
        ),
        # urllib.parse
        F(
            "urlparse_urljoin_trailing_slash_dropped",
            "urllib.parse",
            "urllib/parse.py",
            "segments[1:-1] = filter(None, segments[1:-1])",
            "segments[1:] = filter(None, segments[1:])",
            "wrong slice",
        ),
        F(
            "urlparse_qsl_plus_not_space",
            "urllib.parse",
            "urllib/parse.py",
            "value = nv[1].replace('+', ' ')",
            "value = nv[1]",
            "lost normalisation",
        ),
        F(
            "urlparse_quote_plus_space_unsafe",
            "urllib.parse",
            "urllib/parse.py",
            "string = quote(string, safe + space, encoding, errors)",
            "string = quote(string, safe, encoding, errors)",
            "wrong argument",
        ),
        # colorsys
        F(
            "colorsys_hsv_sector_swapped",
            "colorsys",
            "colorsys.py",
            "    if i == 1:\n        return q, v, p",
            "    if i == 1:\n        return v, q, p",
            "swapped values",
        ),
        # late additions
        F(
            "base64_b32_casefold_lower",
            "base64",
            "base64.py",
            "    if casefold:\n        s = s.upper()\n    # Strip",
            "    if casefold:\n        s = s.lower()\n    # Strip",
            "wrong case conversion",
        ),
        F(
            "ipaddress_num_addresses_off_by_one",
            "ipaddress",
            "ipaddress.py",
            "return int(self.broadcast_address) - int(self.network_address) + 1",
            "return int(self.broadcast_address) - int(self.network_address)",
            "off-by-one",
        ),
        F(
            "base64_b32_wrong_exception_caught",
            "base64",
            "base64.py",
            "        except KeyError:\n            raise binascii.Error('Non-base32 digit found')",
            "        except IndexError:\n            raise binascii.Error('Non-base32 digit found')",
            "wrong exception type caught",
        ),
        F(
            "urlparse_qsl_no_equals_indexed",
            "urllib.parse",
            "urllib/parse.py",
            "        if len(nv) != 2:\n            if strict_parsing:",
            "        if len(nv) > 2:\n            if strict_parsing:",
            "wrong comparison",
        ),
    ]
}

TESTS = {  # the test module of each stdlib module
    "textwrap": "test.test_textwrap",
    "fractions": "test.test_fractions",
    "statistics": "test.test_statistics",
    "shlex": "test.test_shlex",
    "calendar": "test.test_calendar",
    "base64": "test.test_base64",
    "ipaddress": "test.test_ipaddress",
    "configparser": "test.test_configparser",
    "urllib.parse": "test.test_urlparse",
    "colorsys": "test.test_colorsys",
}


def R(fault: str, test: str, expect: str, callsite: str) -> Run:
    return Run(FAULTS[fault], test, expect, callsite)


RUNS: list[Run] = [
    R(
        "textwrap_hyphen_break_drops_hyphen",
        "test.test_textwrap.LongWordWithHyphensTestCase.test_break_long_words_on_hyphen",
        "AssertionError",
        "wrap of a long hyphenated chemical name",
    ),
    R(
        "textwrap_placeholder_fit_off_by_one",
        "test.test_textwrap.MaxLinesTestCase.test_simple",
        "AssertionError",
        "wrap with max_lines and the default placeholder",
    ),
    R(
        "textwrap_placeholder_fit_off_by_one",
        "test.test_textwrap.ShortenTestCase.test_placeholder",
        "AssertionError",
        "shorten with a custom placeholder",
    ),
    R(
        "textwrap_placeholder_fit_off_by_one",
        "test.test_textwrap.ShortenTestCase.test_whitespace",
        "AssertionError",
        "shorten of text with runs of whitespace",
    ),
    R(
        "textwrap_dedent_common_prefix_too_long",
        "test.test_textwrap.DedentTestCase.test_dedent_preserve_margin_tabs",
        "AssertionError",
        "dedent of lines indented with spaces and tabs",
    ),
    R(
        "fractions_sign_normalised_on_numerator",
        "test.test_fractions.FractionTest.testInit",
        "AssertionError",
        "Fraction(numerator, negative denominator)",
    ),
    R(
        "fractions_sign_normalised_on_numerator",
        "test.test_fractions.FractionTest.testFromString",
        "AssertionError",
        "Fraction from strings like '-3/10'",
    ),
    R(
        "fractions_sign_normalised_on_numerator",
        "test.test_fractions.FractionTest.test_as_integer_ratio",
        "AssertionError",
        "as_integer_ratio of negative fractions",
    ),
    R(
        "fractions_mod_denominators_swapped",
        "test.test_fractions.FractionTest.testArithmetic",
        "AssertionError",
        "Fraction % Fraction",
    ),
    R(
        "fractions_mod_denominators_swapped",
        "test.test_fractions.FractionTest.testLargeArithmetic",
        "AssertionError",
        "% of fractions with huge numerators",
    ),
    R(
        "fractions_mod_denominators_swapped",
        "test.test_fractions.FractionTest.testMixedArithmetic",
        "AssertionError",
        "% between Fraction and int/float",
    ),
    R(
        "statistics_median_low_takes_high",
        "test.test_statistics.TestMedianLow.test_even_ints",
        "AssertionError",
        "median_low of an even number of ints",
    ),
    R(
        "statistics_median_low_takes_high",
        "test.test_statistics.TestMedianLow.test_even_fractions",
        "AssertionError",
        "median_low of an even number of Fractions",
    ),
    R(
        "statistics_median_low_takes_high",
        "test.test_statistics.TestMedianLow.test_even_decimals",
        "AssertionError",
        "median_low of an even number of Decimals",
    ),
    R(
        "statistics_median_even_shifted",
        "test.test_statistics.TestMedian.test_even_ints",
        "AssertionError",
        "median of an even number of ints",
    ),
    R(
        "statistics_median_even_shifted",
        "test.test_statistics.TestMedian.test_even_decimals",
        "AssertionError",
        "median of an even number of Decimals",
    ),
    R(
        "statistics_median_even_shifted",
        "test.test_statistics.TestMedian.test_even_fractions",
        "AssertionError",
        "median of an even number of Fractions",
    ),
    R(
        "statistics_median_even_shifted",
        "test.test_statistics.TestMedian.test_repeated_single_value",
        "IndexError",
        "median of two equal values",
    ),
    R(
        "statistics_mode_wrong_exception_caught",
        "test.test_statistics.TestMode.test_empty_data",
        "IndexError",
        "mode of empty data must raise StatisticsError",
    ),
    R(
        "shlex_quote_empty_not_quoted",
        "test.test_shlex.ShlexTest.testQuote",
        "AssertionError",
        "shlex.quote of the empty string",
    ),
    R(
        "shlex_quote_empty_not_quoted",
        "test.test_shlex.ShlexTest.testJoinRoundtrip",
        "AssertionError",
        "shlex.join then shlex.split of commands with empty arguments",
    ),
    R(
        "shlex_quote_dot_unsafe",
        "test.test_shlex.ShlexTest.testQuote",
        "AssertionError",
        "shlex.quote of a string of safe characters",
    ),
    R(
        "calendar_month_range_excludes_december",
        "test.test_calendar.MonthRangeTestCase.test_december",
        "IllegalMonthError",
        "monthrange of December",
    ),
    R(
        "calendar_month_range_excludes_december",
        "test.test_calendar.CalendarTestCase.test_itermonthdays",
        "IllegalMonthError",
        "Calendar.itermonthdays over every month",
    ),
    R(
        "calendar_month_range_excludes_december",
        "test.test_calendar.OutputTestCase.test_output_textcalendar",
        "IllegalMonthError",
        "TextCalendar.formatyear",
    ),
    R(
        "calendar_isleap_and_for_or",
        "test.test_calendar.CalendarTestCase.test_isleap",
        "AssertionError",
        "calendar.isleap of several years",
    ),
    R(
        "calendar_isleap_and_for_or",
        "test.test_calendar.MonthRangeTestCase.test_february_leap",
        "AssertionError",
        "monthrange of February in a leap year",
    ),
    R(
        "calendar_isleap_and_for_or",
        "test.test_calendar.OutputTestCase.test_formatmonth",
        "AssertionError",
        "TextCalendar.formatmonth of February 2004",
    ),
    R(
        "base64_b16_casefold_lower",
        "test.test_base64.BaseXYTestCase.test_b16decode",
        "Error",
        "b16decode with casefold=True",
    ),
    R(
        "base64_b32_padding_six_rejected",
        "test.test_base64.BaseXYTestCase.test_b32decode",
        "Error",
        "b32decode of one-byte payloads",
    ),
    R(
        "base64_b32_padding_six_rejected",
        "test.test_base64.BaseXYTestCase.test_b32decode_casefold",
        "Error",
        "b32decode with casefold of padded input",
    ),
    R(
        "base64_b32_padding_six_rejected",
        "test.test_base64.BaseXYTestCase.test_b32hexdecode",
        "Error",
        "b32hexdecode of padded input",
    ),
    R(
        "base64_b32_casefold_lower",
        "test.test_base64.BaseXYTestCase.test_b32decode_casefold",
        "Error",
        "b32decode with casefold=True of lower-case input",
    ),
    R(
        "base64_b32_casefold_lower",
        "test.test_base64.BaseXYTestCase.test_b32hexdecode",
        "Error",
        "b32hexdecode with casefold=True",
    ),
    R(
        "ipaddress_single_zero_hextet_compressed",
        "test.test_ipaddress.IpaddrUnitTest.testCompressIPv6Address",
        "AssertionError",
        "compressed form of IPv6 addresses",
    ),
    R(
        "ipaddress_hosts_include_network",
        "test.test_ipaddress.IpaddrUnitTest.testHosts",
        "AssertionError",
        "IPv4Network.hosts()",
    ),
    R(
        "ipaddress_num_addresses_off_by_one",
        "test.test_ipaddress.IpaddrUnitTest.testGetNum_Addresses",
        "AssertionError",
        "num_addresses of IPv4 and IPv6 networks",
    ),
    R(
        "configparser_boolean_not_lowercased",
        "test.test_configparser.ConfigParserTestCase.test_boolean",
        "KeyError",
        "getboolean of mixed-case values",
    ),
    R(
        "configparser_boolean_not_lowercased",
        "test.test_configparser.ConfigParserTestCase.test_basic",
        "KeyError",
        "getboolean in the basic read/get test",
    ),
    R(
        "configparser_boolean_not_lowercased",
        "test.test_configparser.ConfigParserTestCaseExtendedInterpolation.test_basic_from_dict",
        "KeyError",
        "getboolean after read_dict, ExtendedInterpolation",
    ),
    R(
        "configparser_boolean_not_lowercased",
        "test.test_configparser.ConfigParserTestCaseNoValue.test_boolean",
        "KeyError",
        "getboolean with allow_no_value",
    ),
    R(
        "urlparse_urljoin_trailing_slash_dropped",
        "test.test_urlparse.UrlParseTestCase.test_RFC1808",
        "AssertionError",
        "urljoin of the RFC 1808 examples",
    ),
    R(
        "urlparse_urljoin_trailing_slash_dropped",
        "test.test_urlparse.UrlParseTestCase.test_RFC3986",
        "AssertionError",
        "urljoin of the RFC 3986 examples",
    ),
    R(
        "urlparse_urljoin_trailing_slash_dropped",
        "test.test_urlparse.UrlParseTestCase.test_urljoins",
        "AssertionError",
        "urljoin of assorted base/relative pairs",
    ),
    R(
        "urlparse_qsl_plus_not_space",
        "test.test_urlparse.UrlParseTestCase.test_qsl",
        "AssertionError",
        "parse_qsl of form-encoded strings",
    ),
    R(
        "urlparse_qsl_plus_not_space",
        "test.test_urlparse.UrlParseTestCase.test_qs",
        "AssertionError",
        "parse_qs of form-encoded strings",
    ),
    R(
        "urlparse_qsl_plus_not_space",
        "test.test_urlparse.UrlParseTestCase.test_parse_qs_separator",
        "AssertionError",
        "parse_qs with separator=';'",
    ),
    R(
        "urlparse_quote_plus_space_unsafe",
        "test.test_urlparse.UrlParseTestCase.test_urlencode_quote_via",
        "AssertionError",
        "urlencode with quote_via=quote_plus",
    ),
    R(
        "colorsys_hsv_sector_swapped",
        "test.test_colorsys.ColorsysTest.test_hsv_roundtrip",
        "AssertionError",
        "rgb_to_hsv then hsv_to_rgb round trip",
    ),
    R(
        "base64_b32_wrong_exception_caught",
        "test.test_base64.BaseXYTestCase.test_b32decode_casefold",
        "KeyError",
        "b32decode with casefold=False of lower-case input must raise binascii.Error",
    ),
    R(
        "base64_b32_wrong_exception_caught",
        "test.test_base64.BaseXYTestCase.test_b32decode_error",
        "KeyError",
        "b32decode of input with misplaced padding",
    ),
    R(
        "base64_b32_wrong_exception_caught",
        "test.test_base64.BaseXYTestCase.test_b32hexdecode_error",
        "KeyError",
        "b32hexdecode of invalid input",
    ),
    R(
        "urlparse_qsl_no_equals_indexed",
        "test.test_urlparse.UrlParseTestCase.test_qsl",
        "IndexError",
        "parse_qsl of fields without '='",
    ),
    R(
        "urlparse_qsl_no_equals_indexed",
        "test.test_urlparse.UrlParseTestCase.test_qs",
        "IndexError",
        "parse_qs of fields without '='",
    ),
]
