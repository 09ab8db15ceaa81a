import { test } from "uvu";
import * as assert from "uvu/assert";
import { median, textTable } from "./report";

test("the median of an odd count is the middle figure, of an even count the mean of the middle two", () => {
  assert.is(median([9, 1, 5]), 5);
  assert.is(median([40, 10, 30, 20]), 25);
  assert.is(median([7]), 7);
});

test("a text table pads every column to its widest cell and rules the header", () => {
  assert.is(textTable(["module", "ns"], [["cc/nscc", "22.2"], ["lb/reps", "4.4"]]), "module  | ns  \n--------|-----\ncc/nscc | 22.2\nlb/reps | 4.4 ");
});

test.run();
