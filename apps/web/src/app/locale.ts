import type { Locale } from 'antd/es/locale';
// antd's own default (already part of antd's core): the provider tree keeps its shape when zh-CN arrives
import enUS from 'antd/es/locale/en_US';
import { create } from 'zustand';

/**
 * zh-CN for antd and dayjs (architecture §5), loaded after the first paint: the login page renders no antd text
 * that depends on the locale, so it does not wait for it. Screens behind the login await `loadLocale()` together
 * with their own code, so they never show antd's English defaults.
 *
 * There is always a locale (antd's default until zh-CN is in): antd's ConfigProvider adds its locale provider
 * only when given one, and a provider appearing later would remount the whole app (typed input lost).
 */
export const useLocale = create<{ locale: Locale }>(() => ({ locale: enUS }));

let loading: Promise<void> | null = null;

export function loadLocale(): Promise<void> {
  loading ??= Promise.all([import('antd/es/locale/zh_CN'), import('dayjs'), import('dayjs/locale/zh-cn')]).then(
    ([antd, dayjs]) => {
      dayjs.default.locale('zh-cn');
      useLocale.setState({ locale: antd.default });
    },
  );
  // a failed chunk may load on the next try
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
