import { useSelector } from 'react-redux';
import { selectSession } from './session-slice';

export const useSession = () => useSelector(selectSession);
