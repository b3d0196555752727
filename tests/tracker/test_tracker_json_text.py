"""tracker.services.json_text writes the JSON DRF's JSONRenderer writes (the phone's answer must
be the same bytes as the API's other views write), for any value the tracker stores:
dicts with string keys, lists, strings (any Unicode, U+2028 and U+2029 escaped), 64-bit ints,
booleans and None."""

import json

from hypothesis import given
from hypothesis import strategies as st
from rest_framework.renderers import JSONRenderer

from tracker.services import json_text

values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@given(st.dictionaries(st.text(), values, max_size=5))  # an answer is an object
def test_json_text_is_what_drf_renders(value):
    assert json_text(value).encode() == JSONRenderer().render(value)
    assert json.loads(json_text(value)) == value


def test_line_and_paragraph_separators_are_escaped():
    assert json_text({"name": "a\u2028b\u2029c é"}) == '{"name":"a\\u2028b\\u2029c é"}'
