" editors/jfmt.vim - reformat JSON with jfmt in Vim and Neovim; when jfmt
" fails (invalid JSON, jfmt not found), the buffer is left as it was and
" jfmt's message is shown instead.
"
" Install: copy this file to ~/.vim/plugin/jfmt.vim (Neovim:
" ~/.config/nvim/plugin/jfmt.vim), or :source it from your vimrc.  Then:
"
"   :Jfmt            reformat the buffer
"   :'<,'>Jfmt       reformat the selected lines: they must hold whole JSON
"                    values; the result is indented like the first of them
"   :Jfmt -c         extra words are passed to jfmt (here: compact)
"   gq{motion}       in json and jsonc buffers, formats through jfmt too
"                    (this file sets 'formatexpr' there)
"
" jfmt is given the buffer's file name (--stdin-filename) and no option of
" this file's own: the file's configuration (its .editorconfig) lays the
" text out, saved or not, as jfmt lays the file out in CI and in hooks, and
" its name says whether it is JSONC.  Only a jsonc buffer with no name gets
" --comments.  The cursor stays on the same line number and the window on
" the same view; a buffer that is already formatted is not touched (no undo
" step, no 'modified').  On failure the first line of jfmt's message is
" echoed (it is also in :messages), with the line in the file, and the whole
" message is kept in b:jfmt_error.  Settings:
"
"   g:jfmt_command   the program to run (default "jfmt")
"   g:jfmt_args      words added to every call (default ""); the layout is
"                    better set in the project's configuration, which CI
"                    and hooks read too

if exists('g:loaded_jfmt')
  finish
endif
let g:loaded_jfmt = 1

" JfmtLines(first, last, args): reformat lines first..last with jfmt and
" extra arguments args (a string, passed to the shell as it is).  Returns 0
" when the lines were formatted (or already were), 1 when jfmt failed and
" nothing was changed.
function! JfmtLines(first, last, args) abort
  let l:input = getline(a:first, a:last)
  let l:whole = a:first == 1 && a:last == line('$')
  let l:cmd = get(g:, 'jfmt_command', 'jfmt')
  let l:cmd .= ' ' . get(g:, 'jfmt_args', '')
  if expand('%') !=# ''
    " the file's configuration applies, and messages name the file
    let l:cmd .= ' --stdin-filename=' . shellescape(expand('%'))
  elseif &filetype ==# 'jsonc'
    let l:cmd .= ' --comments'
  endif
  let l:cmd .= ' ' . a:args
  " jfmt's messages go to a file of their own, so that they never mix with
  " the output ('shellredir' would send them to the same place)
  let l:errfile = tempname()
  " a range goes after as many empty lines as stand before it, which JSON
  " reads as white space: a message gives the line in the file
  let l:send = repeat([''], a:first - 1) + l:input
  let l:output = systemlist(l:cmd . ' 2>' . shellescape(l:errfile), l:send)
  let l:status = v:shell_error
  let l:errors = filereadable(l:errfile) ? readfile(l:errfile) : []
  call delete(l:errfile)
  if l:status != 0
    if empty(l:errors)
      let l:errors = ['jfmt: exited with status ' . l:status]
    endif
    let b:jfmt_error = join(l:errors, "\n")
    echohl ErrorMsg
    echomsg l:errors[0]
    echohl None
    return 1
  endif
  unlet! b:jfmt_error
  if !l:whole
    " a part of a document: indent the result like its first line
    let l:indent = matchstr(l:input[0], '^\s*')
    call map(l:output, 'v:val ==# "" ? v:val : l:indent . v:val')
  endif
  if l:output ==# l:input
    return 0
  endif
  let l:view = winsaveview()
  " change the lines in place, then add or delete the difference: marks
  " and the undo step stay small
  let l:nin = len(l:input)
  let l:nout = len(l:output)
  if l:nout > l:nin
    call setline(a:first, l:output[: l:nin - 1])
    call append(a:first + l:nin - 1, l:output[l:nin :])
  else
    call setline(a:first, l:output)
    if l:nout < l:nin
      silent execute (a:first + l:nout) . ',' . a:last . 'delete _'
    endif
  endif
  call winrestview(l:view)
  return 0
endfunction

" JfmtFormatexpr(): 'formatexpr' for gq.  While typing (automatic wrapping)
" Vim's own formatting is used; otherwise the lines go through jfmt, and a
" failure leaves them as they were (returning 0 keeps Vim from formatting
" them itself).
function! JfmtFormatexpr() abort
  if mode() =~# '[iR]'
    return 1
  endif
  call JfmtLines(v:lnum, v:lnum + v:count - 1, '')
  return 0
endfunction

command! -range=% -nargs=* -bar Jfmt call JfmtLines(<line1>, <line2>, <q-args>)

augroup jfmt
  autocmd!
  autocmd FileType json,jsonc setlocal formatexpr=JfmtFormatexpr()
augroup END
