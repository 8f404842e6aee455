import { describe, expect, it } from "vitest";
import { batchFilterOptions, filterQuery, filtersFromSearch, isFiltered, type TagFilters } from "./filters";

const none: TagFilters = { q: "", status: "", batchId: null };

describe("filterQuery", () => {
  it("is empty without filters", () => {
    expect(filterQuery(none)).toBe("");
  });

  it("names each filter given, encoded", () => {
    expect(filterQuery({ q: "04:A2 & co", status: "stolen", batchId: 12 })).toBe(
      "?q=04%3AA2+%26+co&status=stolen&batch_id=12",
    );
    expect(filterQuery({ ...none, batchId: 3 })).toBe("?batch_id=3");
    expect(filterQuery({ ...none, status: "active" })).toBe("?status=active");
  });
});

describe("filtersFromSearch: a link into the registry", () => {
  it("reads the search, a known status and a batch id", () => {
    expect(filtersFromSearch("?q=%20RLV-0042%20&status=lost&batch_id=7")).toEqual({
      q: "RLV-0042",
      status: "lost",
      batchId: 7,
    });
  });

  it("drops an unknown status and a batch id that is not a positive whole number", () => {
    for (const batchId of ["0", "-3", "2.5", "abc", "", "9007199254740993"]) {
      expect(filtersFromSearch(`?status=destroyed&batch_id=${batchId}`)).toEqual(none);
    }
    expect(filtersFromSearch("?status=Active")).toEqual(none);
  });

  it("cuts a search to the longest a search box takes", () => {
    const { q } = filtersFromSearch(`?q=${"a".repeat(1000)}`);
    expect(q.length).toBeLessThan(1000);
    expect(q).toBe("a".repeat(q.length));
  });

  it("reads nothing from an empty search, and round-trips what filterQuery writes", () => {
    expect(filtersFromSearch("")).toEqual(none);
    const filters: TagFilters = { q: "owner@releve.local", status: "released", batchId: 40 };
    expect(filtersFromSearch(filterQuery(filters))).toEqual(filters);
  });
});

describe("isFiltered", () => {
  it("is true as soon as one filter narrows the list", () => {
    expect(isFiltered(none)).toBe(false);
    expect(isFiltered({ ...none, q: "x" })).toBe(true);
    expect(isFiltered({ ...none, status: "inactive" })).toBe(true);
    expect(isFiltered({ ...none, batchId: 1 })).toBe(true);
  });
});

describe("batchFilterOptions", () => {
  const batches = [
    { id: 2, batch_name: "Spring 2026" },
    { id: 1, batch_name: "Launch" },
  ];

  it("offers every batch after 'All batches'", () => {
    expect(batchFilterOptions(batches, null)).toEqual([
      ["", "All batches"],
      ["2", "Spring 2026"],
      ["1", "Launch"],
    ]);
    expect(batchFilterOptions(batches, 1)).toHaveLength(3);
  });

  it("keeps a choice for a batch from a link the list does not (yet) name", () => {
    expect(batchFilterOptions([], 9)).toEqual([
      ["", "All batches"],
      ["9", "Batch 9"],
    ]);
    expect(batchFilterOptions(batches, 9).at(-1)).toEqual(["9", "Batch 9"]);
  });
});
