import { ForbiddenPage } from '../StatusPage';

export default ForbiddenPage;
