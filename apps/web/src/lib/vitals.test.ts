import { VITALS_ROUTES } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { paths } from '../paths';
import { routePatternOf } from './vitals';

describe('Web Vitals route patterns', () => {
  test('the server accepts exactly the routes the app has', () => {
    expect([...VITALS_ROUTES].sort()).toEqual(Object.values(paths).sort());
  });

  test('a pathname becomes its pattern: no username, id or query ever leaves the page', () => {
    expect(routePatternOf('/')).toBe('/');
    expect(routePatternOf('/creators')).toBe('/creators');
    expect(routePatternOf('/creators/')).toBe('/creators');
    expect(routePatternOf('/admin/dashboard')).toBe('/admin/dashboard');
    expect(routePatternOf('/chef_anna')).toBe('/:username');
    expect(routePatternOf('/messages/1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toBe('/messages/:messageId');
    expect(routePatternOf('/dashboard/messages/abc')).toBe('/dashboard/messages/:messageId');
    expect(routePatternOf('/checkout/abc')).toBe('/checkout/:paymentId');
    expect(routePatternOf('/chef_anna/extra')).toBeNull();
  });
});
