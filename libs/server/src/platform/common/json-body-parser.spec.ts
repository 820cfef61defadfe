import { jsonNestingDepth } from './json-body-parser';

describe('jsonNestingDepth', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[[{{{{","b":"\\"[["}')).toBe(1);
    expect(jsonNestingDepth('[[],[[]],[]]')).toBe(3);
  });

  it('stops once deeper than the limit', () => {
    expect(jsonNestingDepth('['.repeat(100_000), 32)).toBe(33);
  });
});
