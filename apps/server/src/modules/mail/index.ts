export { mailRoutes } from './mail.routes';
export {
  createMailService,
  type MailMessage,
  type MailService,
  type MailTransport,
  type Mailer,
} from './mail.service';
