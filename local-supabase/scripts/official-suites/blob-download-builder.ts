export { BlobDownloadBuilder as default } from './download-builders';
