import {
  type IdentitySecurityLogDto,
  SecurityLogActions,
} from '@vineta/contracts/identity/identity-security-log';
import { useCurrentCulture } from '#src/core/app-configuration/app-configuration-store';
import { formatDate } from '#src/core/localization/format';
import { useLocalization } from '#src/core/localization/i18n';
import { text } from '#src/core/localization/localizable';
import { useListQueryInAddress } from '#src/core/query/use-list-query-in-address';
import type { DataTableColumn } from '#src/theme/data-table/data-table';
import { ListCard } from '#src/theme/data-table/list-card';
import { ListFilter } from '#src/theme/data-table/list-filter';
import { ListInputFilter } from '#src/theme/data-table/list-input-filter';
import { dateOf } from '#src/theme/date-input/day-text';
import { PageHeader } from '#src/theme/page/page-header';
import { useSecurityLogs } from '../api/get-security-logs';

/**
 * The instant a day of the reader's calendar begins (`days` later), as the API takes it; '' for a
 * field left empty or not a date.
 */
function dayStart(day: string, days = 0): string {
  const start = dateOf(day);
  if (!start) return '';
  start.setDate(start.getDate() + days);
  return start.toISOString();
}

const actions: readonly string[] = Object.values(SecurityLogActions);
const acceptDay = (asked: string) => (dateOf(asked) ? asked : '');
const ownFilters = {
  action: (asked: string) => (actions.includes(asked) ? asked : ''),
  from: acceptDay,
  to: acceptDay,
};

/**
 * /identity/security-logs: the tenant's sign-ins, sign-outs and credential changes, newest first,
 * by user name, action and the days from and to (both included, in the reader's time zone), all
 * kept in the address.
 */
export function SecurityLogsPage() {
  const t = useLocalization();
  const list = useListQueryInAddress({ sorting: 'creationTime desc', filters: ownFilters });
  const { action, from, to } = list.filters;
  const { setFilterValue } = list;
  const result = useSecurityLogs({
    ...list.query,
    action,
    startTime: dayStart(from),
    endTime: dayStart(to, 1),
  });
  const culture = useCurrentCulture();
  const format = culture?.dateTimeFormat;
  const timePattern = format && `${format.shortDatePattern} ${format.shortTimePattern}`;
  // An action this screen has no words for is shown as it is stored.
  const actionText = (name: string) => t(text(`AbpIdentity::SecurityLogs:Action:${name}`, name));

  // Their widths and caps leave the browser's column 100 px and more in a card of 876 px, the
  // card's width at 1200 px beside the sidebar: the table does not scroll sideways from there up.
  const columns: DataTableColumn<IdentitySecurityLogDto>[] = [
    {
      key: 'creationTime',
      header: t('AbpIdentity::SecurityLogs:Date'),
      sortKey: 'creationTime',
      width: 150,
      cell: (row) => (
        <time dateTime={row.creationTime}>
          {formatDate(row.creationTime, timePattern, culture?.cultureName)}
        </time>
      ),
    },
    {
      key: 'action',
      header: t('AbpIdentity::SecurityLogs:Action'),
      width: 180,
      maxWidth: 230,
      cell: (row) => (row.action ? actionText(row.action) : ''),
    },
    {
      key: 'userName',
      header: t('AbpIdentity::SecurityLogs:UserName'),
      width: 120,
      maxWidth: 150,
      cell: (row) => row.userName,
    },
    {
      key: 'clientId',
      header: t('AbpIdentity::SecurityLogs:Client'),
      width: 100,
      maxWidth: 140,
      cell: (row) => row.clientId,
    },
    {
      key: 'clientIpAddress',
      header: t('AbpIdentity::SecurityLogs:IpAddress'),
      width: 100,
      maxWidth: 140,
      cell: (row) =>
        row.clientIpAddress && (
          <span dir="ltr" className="app-data-cell-text" title={row.clientIpAddress}>
            {row.clientIpAddress}
          </span>
        ),
    },
    {
      key: 'browserInfo',
      header: t('AbpIdentity::SecurityLogs:Browser'),
      // What the others leave (a user agent is long), so that the table fits from 1200 px up.
      width: 100,
      fill: true,
      cell: (row) => row.browserInfo,
    },
  ];

  return (
    <>
      <PageHeader title={t('AbpIdentity::SecurityLogs')} />
      <ListCard
        caption={t('AbpIdentity::SecurityLogs')}
        list={list}
        result={result}
        columns={columns}
        rowKey={(row) => row.id}
        rowName={(row) => row.id}
        search={false}
        filters={
          <>
            <ListInputFilter
              label={t('AbpIdentity::SecurityLogs:UserName')}
              nameInside
              value={list.filterInput}
              onChange={list.setFilter}
            />
            <ListFilter
              label={t('AbpIdentity::SecurityLogs:Action')}
              value={action}
              onChange={(value) => setFilterValue('action', value)}
            >
              <option value="">{t('AbpIdentity::SecurityLogs:AnyAction')}</option>
              {Object.values(SecurityLogActions).map((name) => (
                <option key={name} value={name}>
                  {actionText(name)}
                </option>
              ))}
            </ListFilter>
            <ListInputFilter
              label={t('AbpIdentity::SecurityLogs:StartDate')}
              type="date"
              value={from}
              onChange={(value) => setFilterValue('from', value)}
            />
            <ListInputFilter
              label={t('AbpIdentity::SecurityLogs:EndDate')}
              type="date"
              value={to}
              onChange={(value) => setFilterValue('to', value)}
            />
          </>
        }
      />
    </>
  );
}
