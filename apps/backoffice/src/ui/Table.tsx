/**
 * The console's tables: the shared DataTable (packages/ui, on TanStack Table) with the console's class names
 * (its defaults).
 */
export {
  actionsColumn,
  type Column,
  DataTable as Table,
} from '@tessera/ui/table';
