import { describe, expect, it } from 'vitest';
import { toBody, toFormValues } from './FormDrawer';
import type { FieldSpec } from './types';

const field = (name: string, over: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label: 'store:field.name',
  kind: 'text',
  required: false,
  numeric: false,
  ...over,
});

describe('the drawer form ↔ the contract body', () => {
  it('a field its values do not call for is not sent (an ad content sends products only for product ads)', () => {
    const fields = [
      field('adType'),
      field('items', { kind: 'custom', showIf: (v) => v.adType === 'main' }),
      field('commodityIds', { kind: 'custom', showIf: (v) => v.adType === 'details' || v.adType === 'compare' }),
    ];
    const values = { adType: 'main', items: [{ fileId: 1 }], commodityIds: [7] };
    expect(toBody(fields, values)).toEqual({ adType: 'main', items: [{ fileId: 1 }] });
    expect(toBody(fields, { ...values, adType: 'compare' })).toEqual({ adType: 'compare', commodityIds: [7] });
  });

  it('region splits and joins; empty values are left out; defaults fill a new record', () => {
    const fields = [field('region', { kind: 'region' }), field('name'), field('phone')];
    expect(toBody(fields, { region: ['31', '3101', '310101'], name: 'A', phone: '' })).toEqual({
      province: '31',
      city: '3101',
      district: '310101',
      name: 'A',
    });
    expect(toFormValues(fields, null, { name: 'new' })).toEqual({ region: [], name: 'new', phone: undefined });
  });
});
