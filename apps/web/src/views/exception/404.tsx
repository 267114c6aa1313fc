import { ExceptionPage } from '../../components/ExceptionPage';

/** Exception page 404. */
export default function Exception404() {
  return <ExceptionPage status="404" />;
}
