import { describe, expect, it } from 'vitest';
import { BetResult, GameOrderStatus, GamePeriod, MatchTime, OrderStatus } from './codes';
import { ErrorCode, httpStatusOf } from './errors';

describe('code tables', () => {
  it('keep the values of the spec', () => {
    expect(Object.values(OrderStatus)).toEqual(['00', '01', '-01', '10', '99', '-99']);
    expect(BetResult.WIN_HALF).toBe(21);
    expect(GameOrderStatus.NOT_DRAWN).toBe(8888);
    expect(MatchTime.POSTPONED).toBe(-14);
    expect(GamePeriod.QUARTER_4).toBe(1004);
  });

  it('give every error code an honest HTTP status', () => {
    for (const code of Object.values(ErrorCode)) {
      const status = httpStatusOf[code];
      expect(status, String(code)).toBeGreaterThanOrEqual(code === 0 ? 200 : 400);
    }
    expect(httpStatusOf[ErrorCode.SESSION_INVALID]).toBe(401);
    expect(httpStatusOf[ErrorCode.INSUFFICIENT_BALANCE]).toBe(409);
    expect(httpStatusOf[ErrorCode.BLOCKED]).toBe(403);
  });
});
