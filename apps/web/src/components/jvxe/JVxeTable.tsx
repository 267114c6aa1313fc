// Placeholder until the engine lands (same props and ref API).
import type { Ref } from 'react';
import type { JVxeTableApi, JVxeTableProps } from './types';

export function JVxeTable(props: JVxeTableProps & { ref?: Ref<JVxeTableApi> }) {
  return <div className="jvxe-table">{props.columns.length}</div>;
}
