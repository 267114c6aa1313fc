// Sub-table popover 子表 of the editable table (C2): opening with retries (打开子表失败 after more than 3).
export * from './retry';
export {
  findRowElement,
  SubTablePopover,
  type SubTableState,
  type UseSubTablePopoverOptions,
  useSubTablePopover,
} from './SubTablePopover';
