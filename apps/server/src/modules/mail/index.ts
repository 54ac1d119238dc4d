export { mailModule } from './mail.module';
export {
  createMailService,
  type MailMessage,
  type MailService,
  type MailTransport,
  type Mailer,
} from './mail.service';
