;;; jfmt.el --- Reformat JSON with jfmt, keeping the buffer when it fails  -*- lexical-binding: t; -*-

;; Package-Requires: ((emacs "27.1"))

;;; Commentary:

;; M-x jfmt-buffer reformats the buffer with jfmt; M-x jfmt-region
;; reformats the region, which must hold whole JSON values.  The text is
;; replaced only when jfmt succeeds, through `replace-buffer-contents', so
;; point, marks and the window's view stay where they were as far as the
;; text around them is unchanged; a buffer that is already formatted is not
;; touched.  When jfmt fails (invalid JSON, jfmt not found), the buffer is
;; left as it was, the first line of jfmt's message is shown in the echo
;; area and the whole of it in the buffer *jfmt errors*.
;;
;; Install: put this file on `load-path' and (require 'jfmt), or load it
;; from your init file:
;;
;;   (load "/path/to/jfmt.el")
;;   (with-eval-after-load 'json-mode
;;     (define-key json-mode-map (kbd "C-c C-f") #'jfmt-buffer))
;;
;; `jfmt-on-save-mode' reformats the buffer before each save (a buffer
;; with invalid JSON is saved as it is, with the message shown).
;;
;; jfmt is given the buffer's file name (--stdin-filename) and no option of
;; this file's own: the file's configuration (its .editorconfig) lays the
;; text out, saved or not, as jfmt lays the file out in CI and in hooks, and
;; its name says whether it is JSONC.  Only a buffer with no file whose mode
;; is a jsonc mode gets --comments.  A message gives the line in the file,
;; for a region too.

;;; Code:

(defgroup jfmt nil
  "Reformat JSON with jfmt."
  :group 'tools
  :prefix "jfmt-")

(defcustom jfmt-command "jfmt"
  "The jfmt program to run."
  :type 'string)

(defcustom jfmt-args nil
  "Arguments added to every call of jfmt.
The layout is better set in the project's configuration, which CI and
hooks read too."
  :type '(repeat string))

(defconst jfmt-errors-buffer "*jfmt errors*"
  "The buffer that holds jfmt's last message.")

(defun jfmt--args ()
  "The arguments for jfmt: the buffer's file name, relative to the
directory jfmt runs in, so that the file's configuration applies and
messages name the file; or, in a jsonc buffer with no file, --comments."
  (append jfmt-args
          (cond (buffer-file-name
                 (list (concat "--stdin-filename="
                               (file-relative-name buffer-file-name))))
                ((derived-mode-p 'jsonc-mode)
                 (list "--comments")))))

(defun jfmt--input (beg end)
  "The text from BEG to END as jfmt is sent it: after as many empty lines
and spaces as stand before BEG in the buffer, which JSON reads as white
space, so that a message gives the line and column in the buffer."
  (save-excursion
    (goto-char beg)
    (concat (make-string (1- (line-number-at-pos beg t)) ?\n)
            (make-string (string-bytes (buffer-substring
                                        (line-beginning-position) beg))
                         ?\s)
            (buffer-substring-no-properties beg end))))

(defun jfmt--show-error (text)
  "Show jfmt's message TEXT: its first line in the echo area, all of it in
the buffer named by `jfmt-errors-buffer'."
  (with-current-buffer (get-buffer-create jfmt-errors-buffer)
    (let ((inhibit-read-only t))
      (erase-buffer)
      (insert text)))
  (message "%s" (car (split-string text "\n" t))))

(defun jfmt-region (beg end)
  "Reformat the text from BEG to END with jfmt.
The text is replaced only when jfmt succeeds; otherwise it is left as it
was and jfmt's message is shown.  A part of the buffer is indented like
its first line.  Returns t when the text was formatted (or already was),
nil when jfmt failed."
  (interactive "r")
  (let* ((whole (and (= beg (point-min)) (= end (point-max))))
         (indent (save-excursion
                   (goto-char beg)
                   (buffer-substring beg (progn (skip-chars-forward " \t" end)
                                                (point)))))
         (args (jfmt--args))
         (input (jfmt--input beg end))
         (source (current-buffer))
         (out (generate-new-buffer " *jfmt output*"))
         (err-file (make-temp-file "jfmt"))
         (coding-system-for-read 'utf-8-unix)
         (coding-system-for-write 'utf-8-unix))
    (unwind-protect
        (let ((status (condition-case e
                          (apply #'call-process-region input nil jfmt-command
                                 nil (list out err-file) nil args)
                        (file-error (error-message-string e)))))
          (if (not (eql status 0))
              (let ((text (with-temp-buffer
                            (insert-file-contents err-file)
                            (buffer-string))))
                (jfmt--show-error
                 (cond ((> (length text) 0) text)
                       ((stringp status) (format "jfmt: %s" status))
                       (t (format "jfmt: exited with status %s" status))))
                nil)
            (when (and (not whole) (> (length indent) 0))
              (with-current-buffer out
                (goto-char (point-min))
                (while (not (eobp))
                  (unless (eolp) (insert indent))
                  (forward-line 1))))
            (with-current-buffer out
              ;; a region that ends inside a line keeps that line's end
              (when (and (not whole)
                         (with-current-buffer source
                           (not (eq (char-before end) ?\n))))
                (goto-char (point-max))
                (when (eq (char-before) ?\n) (delete-char -1))))
            (let ((errors (get-buffer jfmt-errors-buffer)))
              (when errors
                (with-current-buffer errors
                  (let ((inhibit-read-only t)) (erase-buffer)))))
            (let ((line (line-number-at-pos))
                  (column (current-column))
                  kept)
              (save-restriction
                (narrow-to-region beg end)
                (setq kept
                      ;; no change: no undo entry, no modification
                      (or (= 0 (compare-buffer-substrings nil nil nil
                                                          out nil nil))
                          ;; within a second the text is changed only
                          ;; where it differs; past it, replaced whole
                          (replace-buffer-contents out 1.0))))
              ;; replaced whole: back to the line point was on
              (unless kept
                (goto-char (point-min))
                (forward-line (1- line))
                (move-to-column column)))
            t))
      (kill-buffer out)
      (delete-file err-file))))

(defun jfmt-buffer ()
  "Reformat the whole buffer with jfmt, keeping it as it was on failure."
  (interactive)
  (save-restriction
    (widen)
    (jfmt-region (point-min) (point-max))))

(define-minor-mode jfmt-on-save-mode
  "Reformat the buffer with jfmt before each save."
  :lighter " jfmt"
  (if jfmt-on-save-mode
      (add-hook 'before-save-hook #'jfmt-buffer nil t)
    (remove-hook 'before-save-hook #'jfmt-buffer t)))

(provide 'jfmt)
;;; jfmt.el ends here
