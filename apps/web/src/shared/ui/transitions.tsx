import Fade, { type FadeProps } from '@mui/material/Fade';
import Slide, { type SlideProps } from '@mui/material/Slide';
import { forwardRef } from 'react';
import { FADE_DURATIONS, SLIDE_DURATIONS } from '../lib/constants';

/** Fade with the spec's timings (appear 500, enter 600, exit 400 ms), for dialogs, toasts and menus. */
export const AppFade = forwardRef<unknown, FadeProps>(function AppFade(props, ref) {
  return <Fade ref={ref} timeout={FADE_DURATIONS} {...props} />;
});

/** Slide with the spec's timings (appear 0, enter 400, exit 200 ms). */
export const AppSlide = forwardRef<unknown, SlideProps>(function AppSlide(props, ref) {
  return <Slide ref={ref} timeout={SLIDE_DURATIONS} {...props} />;
});
