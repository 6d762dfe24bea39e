import { useParams } from 'react-router';
import { CompanyDetails } from '@/features/companies/components/company-details';
import { useAuthorization } from '@/lib/authorization';
import { href } from '../../routes-table';

/** Company details (`/companies/:id/details`, company:view). */
export function CompanyDetailsRoute() {
  const { id } = useParams();
  const { can } = useAuthorization();
  const companyId = Number(id);
  return (
    <CompanyDetails
      companyId={Number.isInteger(companyId) && companyId > 0 ? companyId : null}
      listHref={href('Companies')}
      canDownloadPassport={can('company:view')}
    />
  );
}
