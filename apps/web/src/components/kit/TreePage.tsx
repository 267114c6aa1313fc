import type { Result } from '@answer/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type TabsProps, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '../../permission/useCan';
import { useFeedback } from '../../utils/feedback';
import { SplitTabs, useMountLoad } from '../list/SplitTabs';
import { TreeCard } from '../list/TreeCard';
import { CrudEditor } from './CrudEditor';
import { type AuthSpec, pageDecisions } from './permission';
import { runCall } from './run-call';
import type { PageSchema, Row } from './types';

/** a node of a tree page: an id, a name, its parent and its children */
export interface TreePageNode {
  id: string;
  parentId?: string | null;
  children?: TreePageNode[] | null;
}

/**
 * A tree page (部门管理; JeecgBoot's tree + tabs pages): the tree with 添加 / 添加下级 / 删除 (checked nodes and their
 * subtrees, confirmed), a name search and a right-click menu on the left; the selected node's tabs on the right.
 * Buttons show only where `${auth}:add` / `:delete` / `:deleteBatch` is allowed.
 */
export interface TreePageSchema<N extends TreePageNode> extends AuthSpec {
  /** test ids: `${name}-page`, and the tree card's `${name}-current` / `-search` / `-tree` */
  name: string;
  /** the node's name in the tree and in 当前选择 */
  title: (node: N) => string;
  /** md columns of the tree (of 24) */
  treeSpan: number;
  load: () => Promise<N[]>;
  /** matching nodes of a name search (a flat or partial tree) */
  search: (keyword: string) => Promise<Result<N[]>>;
  remove: (ids: string[]) => Promise<Result<unknown>>;
  /** the add dialog (添加 / 添加下级): a declaration whose editor saves, and its initial values under `parent` */
  add: { page: PageSchema<N>; init: (parent: N | null) => Row };
  texts: {
    empty: string;
    searchPlaceholder: string;
    add: string;
    addChild: string;
    /** 添加下级 with nothing selected */
    selectFirst: string;
    /** 删除 with nothing checked */
    checkFirst: string;
    confirmOne: string;
    confirmMany: (count: number) => string;
  };
}

/** what a tree page's tabs and editor are given */
export interface TreePageContext<N> {
  byId: Map<string, N>;
  reload: () => Promise<void>;
}

export interface TreePageProps<N extends TreePageNode> {
  schema: TreePageSchema<N>;
  /** the selected node's tabs */
  tabs: (node: N, page: TreePageContext<N>) => NonNullable<TabsProps['items']>;
}

function index<N extends TreePageNode>(nodes: readonly N[], into = new Map<string, N>()) {
  for (const n of nodes) {
    into.set(n.id, n);
    if (n.children) index(n.children as N[], into);
  }
  return into;
}

function toData<N extends TreePageNode>(nodes: readonly N[], title: (n: N) => string): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: title(n),
    isLeaf: !n.children?.length,
    children: n.children?.length ? toData(n.children as N[], title) : undefined,
  }));
}

/** Renders a tree page declaration (see `TreePageSchema`). */
export function TreePage<N extends TreePageNode>({ schema, tabs }: TreePageProps<N>) {
  const { message, modal } = useFeedback();
  const can = pageDecisions(schema, useCan());
  const [canAdd, canDelete, canBatch] = [can.add, can.delete, can.deleteBatch].map((d) => d === 'allow');
  const { texts } = schema;
  const [tree, setTree] = useState<N[]>([]);
  const [shown, setShown] = useState<N[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [adding, setAdding] = useState<{ mode: 'add'; record: null; init: Row } | null>(null);
  const addUnder = (parent: N | null) => setAdding({ mode: 'add', record: null, init: schema.add.init(parent) });
  const [keyword, setKeyword] = useState('');

  const byId = useMemo(() => index(tree), [tree]);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;

  const { loading, load } = useMountLoad(async () => {
    const t = await schema.load();
    setTree(t);
    setShown(null);
    setKeyword('');
    setChecked((c) => c.filter((id) => index(t).has(id)));
  });
  const page: TreePageContext<N> = { byId, reload: load };

  const search = async (value: string) => {
    setKeyword(value);
    if (!value.trim()) return setShown(null);
    try {
      const res = await schema.search(value.trim());
      if (!res.success) message.warning(res.message);
      setShown(res.success ? (res.result ?? []) : []);
    } catch {
      // shown by the http client
    }
  };

  const remove = (ids: string[], single: boolean) => {
    modal.confirm({
      title: '确认删除',
      content: single ? texts.confirmOne : texts.confirmMany(ids.length),
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        if (!(await runCall(() => schema.remove(ids)))) return;
        setChecked([]);
        if (selectedId && ids.includes(selectedId)) setSelectedId(null);
        await load();
      },
    });
  };

  const data = useMemo(() => toData(shown ?? tree, schema.title), [shown, tree, schema.title]);
  const contextItems = [
    ...(canAdd ? [{ key: 'add', label: texts.addChild }] : []),
    ...(canDelete ? [{ key: 'delete', label: '删除', danger: true }] : []),
  ];
  const onContext = (key: string, id: string) => {
    const node = byId.get(id);
    if (!node) return;
    if (key === 'add') addUnder(node);
    else remove([id], true);
  };

  return (
    <SplitTabs
      emptyText={texts.empty}
      testId={`${schema.name}-page`}
      treeSpan={schema.treeSpan}
      selected={!!selected}
      tabs={() => (selected ? tabs(selected, page) : [])}
      tree={
        <TreeCard
          testId={schema.name}
          toolbar={
            <>
              {canAdd && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => addUnder(null)}>
                  {texts.add}
                </Button>
              )}
              {canAdd && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => (selected ? addUnder(selected) : message.warning(texts.selectFirst))}
                >
                  {texts.addChild}
                </Button>
              )}
              {canBatch && (
                <Button
                  icon={<DeleteOutlined />}
                  danger
                  onClick={() => (checked.length ? remove(checked, false) : message.warning(texts.checkFirst))}
                >
                  删除
                </Button>
              )}
            </>
          }
          current={selected ? schema.title(selected) : null}
          onClearCurrent={() => setSelectedId(null)}
          searchPlaceholder={texts.searchPlaceholder}
          keyword={keyword}
          onKeyword={(v) => {
            setKeyword(v);
            if (!v) setShown(null);
          }}
          onSearch={(v) => void search(v)}
          loading={loading}
          treeData={data}
          expandedKeys={shown ? undefined : (expanded ?? tree.map((n) => n.id))}
          onExpand={setExpanded}
          selectedKey={selectedId}
          onSelect={setSelectedId}
          checked={checked}
          onCheck={setChecked}
          contextItems={contextItems}
          onContext={onContext}
        />
      }
    >
      <CrudEditor
        schema={schema.add.page}
        state={adding}
        fixed={{}}
        onClose={() => setAdding(null)}
        onSaved={() => void load()}
      />
    </SplitTabs>
  );
}
