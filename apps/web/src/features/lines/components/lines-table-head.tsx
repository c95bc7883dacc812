import Checkbox from '@mui/material/Checkbox';
import type { GridSortModel } from '@mui/x-data-grid';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { tableIcons } from './line-table-icons';
import { columnWidth, flexible, headerKey, sortable } from './lines-table-columns';
import type { LineTableField } from './lines-table-row';

type HeadProps = {
  fields: readonly LineTableField[];
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  tick: 'none' | 'some' | 'all';
  onTickPage: (tick: boolean) => void;
  selectAllLabel: string;
};

/** The column headers: the page's tick box, then a sort button for each column the server sorts by. */
export const LinesTableHead = memo(function LinesTableHead(props: HeadProps) {
  const { fields, sortModel, onSortModelChange, tick, onTickPage, selectAllLabel } = props;
  const { t } = useTranslation();
  const sorted = sortModel[0];
  return (
    <thead>
      <tr>
        <th scope="col" className="lt-check">
          <Checkbox
            size="small"
            checked={tick === 'all'}
            indeterminate={tick === 'some'}
            onChange={(event) => onTickPage(event.target.checked)}
            slotProps={{ input: { 'aria-label': selectAllLabel } }}
          />
        </th>
        {fields.map((field) => {
          const label = t(headerKey[field] as 'common.actions');
          const direction = sorted?.field === field ? (sorted.sort ?? undefined) : undefined;
          return (
            <th
              key={field}
              scope="col"
              data-field={field}
              className={`lt-col-${field}`}
              style={flexible.has(field) ? undefined : { width: columnWidth[field] }}
              aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {sortable.has(field) ? (
                <button
                  type="button"
                  className={`lt-sort${direction ? ` lt-sorted lt-${direction}` : ''}`}
                  // Ascending first, then descending, then ascending again (as the grid did).
                  onClick={() => onSortModelChange([{ field, sort: direction === 'asc' ? 'desc' : 'asc' }])}
                >
                  {label}
                  {tableIcons.sortArrow}
                </button>
              ) : (
                label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
});
