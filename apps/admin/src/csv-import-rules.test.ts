import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { fileTooLarge, problemsOf, tooLargeText } from "./csv-import-rules";

describe("problemsOf", () => {
  it("lists the line problems a refused import names", () => {
    const problems = [
      { line: 2, message: "Line 2: the GTIN's check digit is wrong." },
      { line: 5, message: "Line 5: Name is required." },
    ];
    expect(problemsOf(new ApiError(400, "2 lines have problems.", { problems }))).toEqual(problems);
  });

  it("lists none for a refusal without problems, or with something else there", () => {
    expect(problemsOf(new ApiError(400, "Bad"))).toEqual([]);
    expect(problemsOf(new ApiError(400, "Bad", { problems: "line 2" }))).toEqual([]);
    expect(problemsOf(new ApiError(400, "Bad", null))).toEqual([]);
    expect(problemsOf(new ApiError(0, "The server could not be reached."))).toEqual([]);
  });

  it("lists none for an error that is not the API's", () => {
    const error = Object.assign(new Error("x"), { details: { problems: [{ line: 1, message: "m" }] } });
    expect(problemsOf(error)).toEqual([]);
  });
});

describe("the file size rule", () => {
  it("refuses a file larger than its characters could be in UTF-8, before reading it", () => {
    expect(fileTooLarge(400_000, 100_000)).toBe(false);
    expect(fileTooLarge(400_001, 100_000)).toBe(true);
  });

  it("says the limit in characters", () => {
    expect(tooLargeText(2_000_000)).toBe("This file is too large: an import is at most 2,000,000 characters.");
  });
});
