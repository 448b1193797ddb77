import { describe, expect, it } from 'vitest';
import { PAY_VARIANTS, payVariantOf } from '../../web/app/components/payment/pay-variants';
import { initialUi, uiReducer } from '../../web/app/stores/popups-store';

describe('payment popup variants', () => {
  it('takes the variant from the stored channel in any letter case, the default otherwise', () => {
    expect(payVariantOf('landingq')).toBe('landingq');
    expect(payVariantOf('LandingM')).toBe('landingm');
    expect(payVariantOf('landingn')).toBe('landingn');
    expect(payVariantOf('landinga')).toBe('landinga');
    expect(payVariantOf('web')).toBe('default');
    expect(payVariantOf(undefined)).toBe('default');
    expect(payVariantOf('toString')).toBe('default');
  });

  it('preselects a plan each variant lists, and sells the AI plan only on landinga', () => {
    for (const [id, spec] of Object.entries(PAY_VARIANTS)) {
      expect(spec.productTypes, id).toContain(spec.preselect);
      expect(spec.businessType, id).toBe(id === 'landinga' ? 'ai_pdf_single' : 'pdf');
    }
    expect(PAY_VARIANTS.landingq.productTypes[0]).toBe('QUARTERLY');
  });
});

describe('payment popup state', () => {
  it('opens on the plans, moves to a result, and closes', () => {
    const open = uiReducer(initialUi, { type: 'openPay', pay: { from: 'download', returnPath: '/merge-pdf?download=/api/miaohui/file/download/x' } });
    expect(open.pay).toEqual({ from: 'download', returnPath: '/merge-pdf?download=/api/miaohui/file/download/x' });
    const failed = uiReducer(open, { type: 'payResult', result: 'failed' });
    expect(failed.pay).toMatchObject({ from: 'download', result: 'failed' });
    expect(uiReducer(failed, { type: 'closePay' }).pay).toBeUndefined();
  });

  it('replaces the limit popup that offered Pro', () => {
    const limited = uiReducer(initialUi, { type: 'limit', open: true });
    expect(limited.showLimitPop).toBe(true);
    const paying = uiReducer(limited, { type: 'openPay', pay: { from: 'limit' } });
    expect(paying.showLimitPop).toBe(false);
    expect(paying.pay?.from).toBe('limit');
  });
});
