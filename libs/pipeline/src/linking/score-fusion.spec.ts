import { fuseScores, SEMANTIC_WEIGHT } from './score-fusion';

describe('fuseScores', () => {
  it('returns the lexical scores as they are without semantic scores', () => {
    expect(fuseScores(new Map([[1, 4]]), undefined)).toEqual(new Map([[1, 4]]));
  });

  it('adds the rescaled cosine of tables closer than the mean to the normalised BM25 score', () => {
    const fused = fuseScores(
      new Map([
        [0, 2],
        [1, 4],
      ]),
      new Map([
        [0, 0.1],
        [1, 0.1],
        [2, 0.9],
        [3, 0.1],
      ]),
    );
    expect(fused.get(0)).toBeCloseTo(0.5);
    expect(fused.get(1)).toBeCloseTo(1);
    expect(fused.get(2)).toBeCloseTo(SEMANTIC_WEIGHT);
    expect(fused.has(3)).toBe(false);
  });
});
