export {
  addDays,
  addMonths,
  compareDates,
  isoLocalDate,
  isValidDate,
  type LocalDate,
  type LocalDateTime,
  localDateTime,
  localDateTimeText,
  localDay,
  offsetMinutes,
  zonedInstant,
} from '../../shared/domain/zoned-time';
export { type Clock, ManualClock, systemClock } from './clock';
