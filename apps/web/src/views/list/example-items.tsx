import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar } from 'antd';
import { type Item, listItems } from '../../api/examples';

export type ItemQuery = Record<string, string | number | undefined>;

/** a page of example items through /example/item/list (the list machinery: `*x*` is a like search, a,b an in) */
export function useItems(query: ItemQuery) {
  return useQuery({
    queryKey: ['example-items', query],
    queryFn: async () => {
      const res = await listItems(query);
      if (!res.success) throw new Error(res.message || '列表加载失败');
      return res.result;
    },
    placeholderData: keepPreviousData,
  });
}

/** the like search of the list machinery for a typed keyword, or nothing */
export const like = (s: string | undefined) => (s?.trim() ? `*${s.trim()}*` : undefined);

/** the row's letter avatar (the seed stores a colour; an uploaded image url shows as an image) */
export function ItemAvatar({ item, size, shape }: { item: Item; size?: number; shape?: 'circle' | 'square' }) {
  const isUrl = item.avatar?.startsWith('http') || item.avatar?.startsWith('/');
  return isUrl ? (
    <Avatar src={item.avatar} size={size} shape={shape} />
  ) : (
    <Avatar size={size} shape={shape} style={{ background: item.avatar || '#1677ff' }}>
      {item.title.slice(0, 1)}
    </Avatar>
  );
}
