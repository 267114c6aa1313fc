import { ExceptionPage } from '../../components/ExceptionPage';

/** Exception page 500. */
export default function Exception500() {
  return <ExceptionPage status="500" />;
}
