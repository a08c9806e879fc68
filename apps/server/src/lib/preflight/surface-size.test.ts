import { describe, expect, it } from 'vitest';
import { parseSurfaceSize, parseSurfaceSizeLabel, surfaceSizeLabel } from './surface-size';

describe('surface size', () => {
  it('reads height and width in the unit of the settings, depth ignored', () => {
    expect(parseSurfaceSize('H50 x W70', 'cm')).toEqual({ width_mm: 700, height_mm: 500 });
    expect(parseSurfaceSize('H30 x W40 x D2', 'cm')).toEqual({ width_mm: 400, height_mm: 300 });
    expect(parseSurfaceSize('H21 x W29.7', 'cm')).toEqual({ width_mm: 297, height_mm: 210 });
    expect(parseSurfaceSize('H500 x W700', 'mm')).toEqual({ width_mm: 700, height_mm: 500 });
    expect(parseSurfaceSize(' w70×h50 ', 'cm')).toEqual({ width_mm: 700, height_mm: 500 });
    expect(parseSurfaceSize('H21,5 x W30', 'cm')).toEqual({ width_mm: 300, height_mm: 215 });
  });

  it('gives null for a size without height and width', () => {
    for (const text of ['', 'A4', 'H50', 'W70 x D2', 'H50 x H60 x W70', 'H0 x W70', 'H50 x W70 x Q3', '50 x 70']) expect(parseSurfaceSize(text, 'cm'), text).toBeNull();
  });

  it('keeps the unit in the stored label and reads it back', () => {
    expect(surfaceSizeLabel('H50 x W70', 'cm')).toBe('H50 x W70 cm');
    expect(surfaceSizeLabel('  ', 'mm')).toBe('');
    expect(parseSurfaceSizeLabel('H50 x W70 mm')).toEqual({ width_mm: 70, height_mm: 50 });
    expect(parseSurfaceSizeLabel('H50 x W70')).toBeNull();
  });
});
