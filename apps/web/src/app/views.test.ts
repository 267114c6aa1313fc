import { describe, expect, it, vi } from 'vitest';
import { findViewKey, hasView, loadWithTimeout, normalizeComponent } from './views';

describe('view registry', () => {
  it.each([
    ['system/UserList', 'system/UserList'],
    ['/system/UserList', 'system/UserList'],
    ['views/system/UserList.vue', 'system/UserList'],
    ['src/views/system/UserList', 'system/UserList'],
    ['system/UserList/', 'system/UserList'],
    [null, ''],
  ])('normalizeComponent %j → %j', (input, out) => {
    expect(normalizeComponent(input)).toBe(out);
  });

  it('finds a component as a file or a folder index, never outside views', () => {
    const keys = new Set(['../views/system/UserList.tsx', '../views/account/center/Index.tsx', '../views/x/index.tsx']);
    expect(findViewKey('system/UserList', keys)).toBe('../views/system/UserList.tsx');
    expect(findViewKey('account/center', keys)).toBe('../views/account/center/Index.tsx');
    expect(findViewKey('x', keys)).toBe('../views/x/index.tsx');
    expect(findViewKey('system/RoleList', keys)).toBeNull();
    expect(findViewKey('../app/App', keys)).toBeNull();
  });

  it('knows the real view files (PascalCase pages only)', () => {
    expect(hasView('user/Login')).toBe(true);
    expect(hasView('exception/404')).toBe(true);
    expect(hasView('ModuleNotFound')).toBe(true);
    expect(hasView('user/login-flow')).toBe(false);
    expect(hasView('system/NoSuchView')).toBe(false);
  });

  it('a view chunk that does not arrive in time fails as ChunkLoadError', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => {}), 'system/UserList', 1000);
    vi.advanceTimersByTime(1000);
    await expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError' });
    vi.useRealTimers();
  });
});
