/** what every value widget of the kit takes (widgets.tsx and the lazily loaded date-widgets.tsx share it) */
export interface ValueProps<V> {
  value?: V | null;
  onChange?: (v: V | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}
