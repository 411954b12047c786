import { startPlayer } from './player';
import './embed.css';

const root = document.querySelector<HTMLElement>('[data-player]');
if (root) startPlayer(root);
