import { ExceptionPage } from '../../components/ExceptionPage';

/** Exception page 403. */
export default function Exception403() {
  return <ExceptionPage status="403" />;
}
