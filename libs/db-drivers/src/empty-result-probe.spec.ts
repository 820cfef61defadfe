import { nearestValues } from './empty-result-probe';

describe('nearestValues', () => {
  it('ranks by edit distance, case-insensitively, nearest first, ties in given order', () => {
    expect(nearestValues(['Frnace'], ['Peru', 'France', 'Finland', 'Greece'], 2)).toEqual(['France', 'Greece']);
    expect(nearestValues(['france'], ['Peru', 'France'], 1)).toEqual(['France']);
  });
  it('skips the values themselves and compares a LIKE pattern without its wildcards', () => {
    expect(nearestValues(['Peru', 'Atlantis'], ['Peru', 'Peruu', 'Austria'], 3)).toEqual(['Peruu', 'Austria']);
    expect(nearestValues(['%germ_ny%'], ['France', 'Germany'], 1, true)).toEqual(['Germany']);
  });
});
