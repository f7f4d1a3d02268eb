export { StreamDownloadBuilder as default } from './download-builders';
