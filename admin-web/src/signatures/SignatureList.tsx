import { intlLocale } from '@esign/shared';
import { DataTable, DateField, FunctionField, List, useLocaleState, useTranslate } from 'react-admin';
import { asLocale } from '../providers/locale';

/** The fields of a signature request the list shows (spec §3). */
interface SignatureRequestRow {
  id: string;
  signatureTitle: string;
  documentName: string;
  status: string;
  createdAt: string;
}

/** `/signatures` (members): their signature requests, newest first. */
export function SignatureList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="signatureTitle" />
        <DataTable.Col source="documentName" />
        <DataTable.Col source="status">
          <FunctionField<SignatureRequestRow>
            render={(row) => translate(`app.signature_status.${row.status}`, { _: row.status })}
          />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales={intlLocale(asLocale(locale))} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
